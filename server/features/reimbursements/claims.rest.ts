import {
  claimActions,
  claimCreateSchema,
  claimMoveSchema,
  claimSchema,
  claimUpdateSchema,
  paymentCreateSchema,
} from '#shared/schemas/reimbursement.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';
import { deletedBody } from '../../rest/record-operations.ts';

const bodies = named({
  Claim: claimSchema,
  ClaimCreate: claimCreateSchema,
  ClaimUpdate: claimUpdateSchema,
  ClaimMove: claimMoveSchema,
  PaymentCreate: paymentCreateSchema,
});
const tag = 'Reimbursements';
const claimId = { id: 'The claim\u2019s id' };

/** The claims on an expense, their status moves and payments, for external clients (decision 0103). */
export function claimsOperations(services: Services): RestOperation[] {
  const { claims } = services;
  return [
    operation({
      operationId: 'createClaim',
      method: 'post',
      path: '/api/expenses/{id}/claims',
      tag,
      summary: 'Claim an expense from a funding source, as a draft',
      security: 'bearer',
      child: claimActions.create,
      ids: { id: 'The expense\u2019s id' },
      body: bodies.ClaimCreate,
      success: [{ status: 201, description: 'The new claim', body: bodies.Claim }],
      errors: {
        409: 'The claims would ask more than the expense, the funder pays in another currency, or a funder paid the expense directly',
      },
      handle: ({ scope, ids, body }) => claims.create(scope, ids.id, body),
    }),
    operation({
      operationId: 'updateClaim',
      method: 'put',
      path: '/api/claims/{id}',
      tag,
      summary: 'Change a draft claim\u2019s amount or funding source',
      security: 'bearer',
      child: claimActions.update,
      ids: claimId,
      body: bodies.ClaimUpdate,
      success: [{ status: 200, description: 'The claim as saved', body: bodies.Claim }],
      errors: { 409: 'The claim is past draft, or the claims would ask more than the expense, or the funder pays in another currency' },
      handle: ({ scope, ids, body }) => claims.update(scope, ids.id, body),
    }),
    operation({
      operationId: 'deleteClaim',
      method: 'delete',
      path: '/api/claims/{id}',
      tag,
      summary: 'Delete a claim with its moves and payments',
      security: 'bearer',
      child: claimActions.delete,
      ids: claimId,
      success: [{ status: 200, description: 'Deleted', body: deletedBody }],
      handle: ({ scope, ids }) => claims.delete(scope, ids.id),
    }),
    operation({
      operationId: 'moveClaim',
      method: 'post',
      path: '/api/claims/{id}/status',
      tag,
      summary: 'Move a claim: submitted, approved (with the amount), denied, appealed or withdrawn',
      description:
        'draft \u2192 submitted | withdrawn; submitted \u2192 approved | denied | withdrawn; approved \u2192 withdrawn; denied \u2192 appealed | withdrawn; appealed \u2192 approved | denied | withdrawn. Payments make a claim partially paid or paid; a claim with a payment cannot be withdrawn.',
      security: 'bearer',
      child: claimActions.move,
      ids: claimId,
      body: bodies.ClaimMove,
      success: [{ status: 200, description: 'The claim after the move', body: bodies.Claim }],
      errors: { 409: 'A move the claim cannot make (the message names the ones it can), or an approval above the asked amount' },
      handle: ({ scope, ids, body }) => claims.move(scope, ids.id, body),
    }),
    operation({
      operationId: 'addClaimPayment',
      method: 'post',
      path: '/api/claims/{id}/payments',
      tag,
      summary: 'Record a payment on an approved claim',
      security: 'bearer',
      child: claimActions.addPayment,
      ids: claimId,
      body: bodies.PaymentCreate,
      success: [{ status: 201, description: 'The claim with the payment', body: bodies.Claim }],
      errors: { 409: 'The claim is not approved, or the payment would pass the approved amount' },
      handle: ({ scope, ids, body }) => claims.addPayment(scope, ids.id, body),
    }),
    operation({
      operationId: 'deleteClaimPayment',
      method: 'delete',
      path: '/api/claims/{id}/payments/{paymentId}',
      tag,
      summary: 'Delete a payment: the claim moves back to partially paid or approved',
      security: 'bearer',
      child: claimActions.deletePayment,
      ids: { ...claimId, paymentId: 'The payment\u2019s id (a payment of that claim)' },
      success: [{ status: 200, description: 'The claim without the payment', body: bodies.Claim }],
      handle: ({ scope, ids }) => claims.deletePayment(scope, ids.id, ids.paymentId),
    }),
  ];
}
