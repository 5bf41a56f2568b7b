import {
  createdFormLinkSchema,
  formActions,
  formAnswersBodySchema,
  formAnswersReceivedSchema,
  formCreateSchema,
  formFillBodySchema,
  formFillViewSchema,
  formLinkCreateSchema,
  formLinkSchema,
  formSchema,
  formUpdateSchema,
} from '#shared/schemas/form.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';
import { deletedBody, getOperation, listOperation, writes } from '../../rest/record-operations.ts';

const bodies = named({
  Form: formSchema,
  FormCreate: formCreateSchema,
  FormUpdate: formUpdateSchema,
  FormLink: formLinkSchema,
  FormLinkCreate: formLinkCreateSchema,
  CreatedFormLink: createdFormLinkSchema,
  // A schema of its own (the link token's body is the same object under other names: one name per schema).
  FormFill: formFillBodySchema.meta({ description: 'The fill link\u2019s token, the part of the link after `#`.' }),
  FormFillView: formFillViewSchema,
  FormAnswers: formAnswersBodySchema,
  FormAnswersReceived: formAnswersReceivedSchema,
});

/** The one declaration of the tag every form operation names. */
const tag = {
  name: 'Forms',
  description:
    'Smart forms: questions about the child a teacher or therapist answers by link, without an account, each question optionally tied to one of the child\u2019s goals; fill links for one recipient each (1 to 60 days, optionally answered once). The public fill operations take the link\u2019s token in the body.',
} as const;

const formRecords = {
  base: '/api/forms',
  tag,
  noun: 'form',
  item: bodies.Form,
  actions: { ...formActions, view: formActions.byId },
} as const;
const formId = { id: 'The form\u2019s id' };

/** Forms for external clients (issue 28): the service the tRPC router calls, plus the fill link's public operations. */
export function formsOperations(services: Services): RestOperation[] {
  const { forms } = services;
  const [create, ...changes] = writes({
    ...formRecords,
    create: { body: bodies.FormCreate, run: forms.create },
    update: { body: bodies.FormUpdate, run: forms.update },
    remove: forms.delete,
  }) as [RestOperation, ...RestOperation[]];
  return [
    listOperation(formRecords, {
      summary: 'List the child\u2019s forms, newest first, each with its open links and the responses waiting',
      success: 'Forms',
      run: forms.list,
    }),
    {
      ...create,
      summary: 'Make a form',
      description:
        'Each question may be tied to one of the child\u2019s goals (`goalId`): it then takes the goal\u2019s unit, and on approval a count, scale or number answer becomes a progress entry on it, a text an observation.',
      errors: { 409: 'The child has the most forms allowed' },
    },
    ...fillOperations(services),
    getOperation(formRecords, { summary: 'One form with its questions', run: forms.byId }),
    ...changes,
    operation({
      operationId: 'listFormLinks',
      method: 'get',
      path: '/api/forms/{id}/links',
      tag,
      summary: 'The form\u2019s open fill links (not turned off, not expired, not used up), newest first, with who each is for',
      security: 'bearer',
      child: formActions.links,
      ids: formId,
      success: [{ status: 200, description: 'Open links', body: bodies.FormLink, list: true }],
      handle: ({ scope, ids }) => forms.links(scope, ids.id),
    }),
    operation({
      operationId: 'createFormLink',
      method: 'post',
      path: '/api/forms/{id}/links',
      tag,
      summary: 'Send the form to one recipient by a fill link that expires',
      description:
        'The answer holds the whole link once, its token after `#`; only a hash of the token is kept. From 1 to 60 days, 14 by default. With `recipientEmail`, the link is also emailed when this server sends mail (`emailed`); the address is not kept.',
      security: 'bearer',
      child: formActions.share,
      ids: formId,
      body: bodies.FormLinkCreate,
      success: [{ status: 201, description: 'The new link, shown this once', body: bodies.CreatedFormLink }],
      errors: { 409: 'The form has the most open links allowed' },
      handle: ({ scope, ids, body }) => forms.share(scope, ids.id, body),
    }),
    operation({
      operationId: 'deleteFormLink',
      method: 'delete',
      path: '/api/form-links/{id}',
      tag,
      summary: 'Turn off a form\u2019s fill link at once',
      security: 'bearer',
      child: formActions.revokeLink,
      ids: { id: 'The link\u2019s id' },
      success: [{ status: 200, description: 'Turned off', body: deletedBody }],
      handle: ({ scope, ids }) => forms.revokeLink(scope, ids.id),
    }),
  ];
}

/** What a fill link opens, for someone without an account (decision 0089): the token travels in the body. */
function fillOperations(services: Services): RestOperation[] {
  const { forms } = services;
  return [
    operation({
      operationId: 'openFormFill',
      method: 'post',
      path: '/api/forms/fill',
      tag,
      summary: 'Read the form a fill link opens: its questions, the child\u2019s first name and who it was sent to',
      description: 'Reading does not use up a link that works once: only an answer does.',
      security: 'link',
      linkPurpose: 'form-fill',
      opensLinkItself: true,
      child: false,
      body: bodies.FormFill,
      success: [{ status: 200, description: 'The form as the recipient sees it', body: bodies.FormFillView }],
      handle: ({ body }) => forms.fillView(body.token),
    }),
    operation({
      operationId: 'answerFormFill',
      method: 'post',
      path: '/api/forms/fill/answers',
      tag,
      summary: 'Send answers through a fill link',
      description:
        'Each answer is checked against its question\u2019s kind; a 400 names each question in `details` (`answers.<questionId>`). The answers wait for the parent to approve them. Through a reusable link, each answer is a new response.',
      security: 'link',
      linkPurpose: 'form-fill',
      opensLinkItself: true,
      child: false,
      body: bodies.FormAnswers,
      success: [{ status: 201, description: 'Received', body: bodies.FormAnswersReceived }],
      handle: ({ body }) => forms.answer(body.token, body.answers),
    }),
  ];
}
