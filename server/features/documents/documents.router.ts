import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedWithdrawingExportsSchema } from '#shared/schemas/account-data.ts';
import {
  DOCUMENT_LIMITS,
  documentActions,
  documentFacetsSchema,
  documentFilterSchema,
  documentListSchema,
  documentSchema,
  documentUpdateSchema,
  documentVersionListSchema,
  storageUsageSchema,
} from '#shared/schemas/document.ts';
import { documentsOfChild } from '../../core/live-events.ts';
import { childProcedure, protectedProcedure, router } from '../../trpc/init.ts';
import { liveStream } from '../../trpc/live-stream.ts';

/** The vault's records; the file bodies go over REST (`/api/documents`), see decision 0042. */
export const documentsRouter = router({
  list: childProcedure(documentActions.list)
    .input(z.object({ filter: documentFilterSchema.default({ limit: DOCUMENT_LIMITS.defaultPageSize, offset: 0 }) }))
    .output(documentListSchema)
    .query(({ ctx, input }) => ctx.services.documents.list(ctx.scope, input.filter)),
  facets: childProcedure(documentActions.viewFacets)
    .output(documentFacetsSchema)
    .query(({ ctx }) => ctx.services.documents.facets(ctx.scope)),
  byId: childProcedure(documentActions.view)
    .input(z.object({ id: idSchema }))
    .output(documentSchema)
    .query(({ ctx, input }) => ctx.services.documents.byId(ctx.scope, input.id)),
  /** The document's earlier files (kept when its file was replaced; the files themselves go over REST). */
  versions: childProcedure(documentActions.listVersions)
    .input(z.object({ id: idSchema }))
    .output(documentVersionListSchema)
    .query(({ ctx, input }) => ctx.services.documents.versions(ctx.scope, input.id)),
  update: childProcedure(documentActions.update)
    .input(z.object({ id: idSchema, data: documentUpdateSchema }))
    .output(documentSchema)
    .mutation(({ ctx, input }) => ctx.services.documents.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(documentActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedWithdrawingExportsSchema)
    .mutation(({ ctx, input }) => ctx.services.documents.delete(ctx.scope, input.id)),
  /** The parent's storage meter: every child's files count against one quota. */
  usage: protectedProcedure.output(storageUsageSchema).query(({ ctx }) => ctx.services.documents.usage(ctx.userId)),
  /** The child's documents still being read, now and after each change, over server-sent events (decision 0093). */
  watchProcessing: childProcedure(documentActions.list).subscription(({ ctx, signal }) =>
    liveStream(
      ctx.services.live.watch({
        matches: documentsOfChild(ctx.scope.childId),
        // Access is checked again at each wake-up: a caregiver removed mid-stream learns nothing more.
        read: async () =>
          ctx.services.documents.processing(await ctx.services.children.scope(ctx.userId, ctx.scope.childId, documentActions.list.role)),
        signal,
      }),
    ),
  ),
});
