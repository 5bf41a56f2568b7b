import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import {
  createdFormLinkSchema,
  formActions,
  formCreateSchema,
  formLinkCreateSchema,
  formLinkSchema,
  formSchema,
  formUpdateSchema,
} from '#shared/schemas/form.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const formsRouter = router({
  list: childProcedure(formActions.list)
    .output(z.array(formSchema))
    .query(({ ctx }) => ctx.services.forms.list(ctx.scope)),
  byId: childProcedure(formActions.byId)
    .input(z.object({ id: idSchema }))
    .output(formSchema)
    .query(({ ctx, input }) => ctx.services.forms.byId(ctx.scope, input.id)),
  create: childProcedure(formActions.create)
    .input(z.object({ data: formCreateSchema }))
    .output(formSchema)
    .mutation(({ ctx, input }) => ctx.services.forms.create(ctx.scope, input.data)),
  update: childProcedure(formActions.update)
    .input(z.object({ id: idSchema, data: formUpdateSchema }))
    .output(formSchema)
    .mutation(({ ctx, input }) => ctx.services.forms.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(formActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.forms.delete(ctx.scope, input.id)),
  links: childProcedure(formActions.links)
    .input(z.object({ formId: idSchema.optional() }))
    .output(z.array(formLinkSchema))
    .query(({ ctx, input }) => ctx.services.forms.links(ctx.scope, input.formId)),
  share: childProcedure(formActions.share)
    .input(z.object({ id: idSchema, data: formLinkCreateSchema }))
    .output(createdFormLinkSchema)
    .mutation(({ ctx, input }) => ctx.services.forms.share(ctx.scope, input.id, input.data)),
  revokeLink: childProcedure(formActions.revokeLink)
    .input(z.object({ linkId: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.forms.revokeLink(ctx.scope, input.linkId)),
});
