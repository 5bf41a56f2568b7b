import {
  fundingSourceActions,
  fundingSourceCreateSchema,
  fundingSourceSchema,
  fundingSourceUpdateSchema,
} from '#shared/schemas/reimbursement.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';
import { deletedBody, listOperation } from '../../rest/record-operations.ts';

const bodies = named({
  FundingSource: fundingSourceSchema,
  FundingSourceCreate: fundingSourceCreateSchema,
  FundingSourceUpdate: fundingSourceUpdateSchema,
});

/** The one declaration of the tag every reimbursements operation names (decision 0101). */
export const reimbursementsTag = {
  name: 'Reimbursements',
  description:
    'Funding sources, the expenses a family paid, the claims each funder is asked with their status moves and payments, and the summary and exports. Money is integer minor units of the record\u2019s currency.',
} as const;

const fundingSourceRecords = {
  base: '/api/funding-sources',
  tag: reimbursementsTag,
  noun: 'fundingSource',
  item: bodies.FundingSource,
  actions: fundingSourceActions,
} as const;
const sourceId = { id: 'The funding source\u2019s id' };

/** The child's funders for external clients (decision 0103): the service the tRPC router calls. */
export function fundingSourcesOperations(services: Services): RestOperation[] {
  const { fundingSources } = services;
  return [
    listOperation(fundingSourceRecords, {
      summary: 'List the child\u2019s funding sources (ESA, HSA, FSA, insurance, school district, grant), in the order added',
      success: 'Funding sources',
      run: fundingSources.list,
    }),
    operation({
      operationId: 'createFundingSource',
      method: 'post',
      path: '/api/funding-sources',
      tag: reimbursementsTag,
      summary: 'Add a funding source',
      security: 'bearer',
      child: fundingSourceActions.create,
      body: bodies.FundingSourceCreate,
      success: [{ status: 201, description: 'The new funding source', body: bodies.FundingSource }],
      errors: { 409: 'The child has the most funding sources allowed' },
      handle: ({ scope, body }) => fundingSources.create(scope, body),
    }),
    operation({
      operationId: 'updateFundingSource',
      method: 'put',
      path: '/api/funding-sources/{id}',
      tag: reimbursementsTag,
      summary: 'Change a funding source',
      security: 'bearer',
      child: fundingSourceActions.update,
      ids: sourceId,
      body: bodies.FundingSourceUpdate,
      success: [{ status: 200, description: 'The funding source as saved', body: bodies.FundingSource }],
      errors: { 409: 'The currency cannot change while claims or paid expenses in another currency use the source' },
      handle: ({ scope, ids, body }) => fundingSources.update(scope, ids.id, body),
    }),
    operation({
      operationId: 'deleteFundingSource',
      method: 'delete',
      path: '/api/funding-sources/{id}',
      tag: reimbursementsTag,
      summary: 'Delete a funding source that no claim or directly paid expense uses',
      security: 'bearer',
      child: fundingSourceActions.delete,
      ids: sourceId,
      success: [{ status: 200, description: 'Deleted', body: deletedBody }],
      errors: { 409: 'The source has claims or expenses it paid directly: the message says how many of each to remove first' },
      handle: ({ scope, ids }) => fundingSources.delete(scope, ids.id),
    }),
  ];
}
