import { approvedResponseSchema, formResponseActions, formResponseFilterSchema, formResponseSchema } from '#shared/schemas/form.ts';
import type { Services } from '../../services.ts';
import { named, operation, queryForm, type RestOperation } from '../../rest/operation.ts';
import { listOperation } from '../../rest/record-operations.ts';
import { parseWith } from '../../rest/route-kit.ts';

const bodies = named({
  FormResponse: formResponseSchema,
  ApprovedFormResponse: approvedResponseSchema,
});

/** The one declaration of the tag every response operation names. */
const tag = {
  name: 'Form responses',
  description:
    'Answers a teacher, a therapist or another recipient sent through a form\u2019s fill link. Each waits for the parent: approved, its measures on a goal become progress entries and its texts observations, each with its source; rejected, it stays out of the record.',
} as const;

const responseRecords = {
  base: '/api/form-responses',
  tag,
  noun: 'formResponse',
  item: bodies.FormResponse,
  actions: formResponseActions,
} as const;
const responseId = { id: 'The response\u2019s id' };
const NOT_PENDING = 'The response was already approved or rejected';

/** Form responses for external clients (issue 28): the service the tRPC router calls. */
export function formResponsesOperations(services: Services): RestOperation[] {
  const { formResponses } = services;
  return [
    listOperation(responseRecords, {
      summary: 'List the child\u2019s form responses, newest answered first, each answer with what approving makes of it',
      description: 'Filters combine. An answer tied to a goal comes with the goal and its latest values.',
      query: queryForm(formResponseFilterSchema),
      success: 'Form responses, newest answered first',
      run: (scope, query) => formResponses.list(scope, parseWith(formResponseFilterSchema, query)),
    }),
    operation({
      operationId: 'approveFormResponse',
      method: 'post',
      path: '/api/form-responses/{id}/approve',
      tag,
      summary: 'Approve a response: its measures on a goal become progress entries, its texts observations, each with its source',
      security: 'bearer',
      child: formResponseActions.approve,
      ids: responseId,
      success: [{ status: 200, description: 'The response, with the ids of what it made', body: bodies.ApprovedFormResponse }],
      errors: { 409: NOT_PENDING },
      handle: ({ scope, ids }) => formResponses.approve(scope, ids.id),
    }),
    operation({
      operationId: 'rejectFormResponse',
      method: 'post',
      path: '/api/form-responses/{id}/reject',
      tag,
      summary: 'Reject a response: it stays out of the record and its charts',
      security: 'bearer',
      child: formResponseActions.reject,
      ids: responseId,
      success: [{ status: 200, description: 'The response', body: bodies.FormResponse }],
      errors: { 409: NOT_PENDING },
      handle: ({ scope, ids }) => formResponses.reject(scope, ids.id),
    }),
  ];
}
