import {
  auditEntrySchema,
  auditListSchema,
  caregiverActions,
  caregiverListSchema,
  caregiverSchema,
  createdInviteSchema,
  inviteAcceptedSchema,
  inviteAcceptSchema,
  inviteCreateSchema,
  invitePreviewSchema,
  roleChangeSchema,
} from '#shared/schemas/caregivers.ts';
import type { Services } from '../../services.ts';
import { named, operation, queryForm, type RestOperation } from '../../rest/operation.ts';
import { deletedBody } from '../../rest/record-operations.ts';

const bodies = named({
  CaregiverList: caregiverListSchema,
  InviteCreate: inviteCreateSchema,
  CreatedInvite: createdInviteSchema,
  InviteToken: inviteAcceptSchema,
  InvitePreview: invitePreviewSchema,
  InviteAccepted: inviteAcceptedSchema,
  RoleChange: roleChangeSchema,
  Caregiver: caregiverSchema,
  AuditEntry: auditEntrySchema,
});
const tag = {
  name: 'Caregivers',
  description: 'Who may see and change each child (viewer, updater, owner), invitations, and the child\u2019s audit log',
};

const accessId = { id: 'The access entry\u2019s id (from GET /api/caregivers)' };
const auditQuery = queryForm(auditListSchema);

/** Caregivers, invitations and the audit log for external clients: the same service as the caregivers router. */
export function caregiversOperations(services: Services): RestOperation[] {
  const { caregivers } = services;
  return [
    operation({
      operationId: 'listCaregivers',
      method: 'get',
      path: '/api/caregivers',
      tag,
      summary: 'Who has access to the child, and the invitations still open (owners)',
      security: 'bearer',
      child: caregiverActions.list,
      success: [{ status: 200, description: 'People with access and open invitations', body: bodies.CaregiverList }],
      handle: ({ scope }) => caregivers.list(scope),
    }),
    operation({
      operationId: 'inviteCaregiver',
      method: 'post',
      path: '/api/invites',
      tag,
      summary: 'Invite someone by email to one or more of your children with a role (owners)',
      description:
        'Answers the invitation link once. It works once, for 7 days; it is also emailed when the server has mail set up (`emailed`).',
      security: 'bearer',
      child: false,
      body: bodies.InviteCreate,
      success: [{ status: 201, description: 'The invitation and its link', body: bodies.CreatedInvite }],
      errors: { 403: 'You are not an owner of one of the children', 404: 'One of the children is not found' },
      handle: ({ userId, body }) => caregivers.invite(userId, body),
    }),
    operation({
      operationId: 'previewInvite',
      method: 'post',
      path: '/api/invites/preview',
      tag,
      summary: 'What an invitation offers, before accepting it',
      description: 'The token is the part of the link after `#`. It travels in the body so it stays out of request logs.',
      security: 'bearer',
      child: false,
      body: bodies.InviteToken,
      success: [{ status: 200, description: 'The role, who sent it and the children', body: bodies.InvitePreview }],
      errors: { 404: 'The invitation is not valid, cancelled or expired', 409: 'The invitation was already accepted' },
      handle: ({ userId, body }) => caregivers.preview(userId, body.token),
    }),
    operation({
      operationId: 'acceptInvite',
      method: 'post',
      path: '/api/invites/accept',
      tag,
      summary: 'Accept an invitation: your account gets its role on its children',
      security: 'bearer',
      child: false,
      body: bodies.InviteToken,
      success: [{ status: 200, description: 'The children and the role', body: bodies.InviteAccepted }],
      errors: { 404: 'The invitation is not valid, cancelled or expired', 409: 'The invitation was already accepted' },
      handle: ({ userId, body }) => caregivers.accept(userId, body.token),
    }),
    operation({
      operationId: 'revokeInvite',
      method: 'delete',
      path: '/api/invites/{id}',
      tag,
      summary: 'Cancel an open invitation for the child (owners)',
      security: 'bearer',
      child: caregiverActions.revokeInvite,
      ids: { id: 'The invitation\u2019s id' },
      success: [{ status: 200, description: 'Cancelled', body: deletedBody }],
      handle: ({ scope, ids }) => caregivers.revokeInvite(scope, ids.id),
    }),
    operation({
      operationId: 'changeCaregiverRole',
      method: 'put',
      path: '/api/caregivers/{id}',
      tag,
      summary: 'Change someone\u2019s role on the child (owners)',
      security: 'bearer',
      child: caregiverActions.changeRole,
      ids: accessId,
      body: bodies.RoleChange,
      success: [{ status: 200, description: 'The person with their new role', body: bodies.Caregiver }],
      handle: ({ scope, ids, body }) => caregivers.changeRole(scope, ids.id, body.role),
    }),
    operation({
      operationId: 'removeCaregiver',
      method: 'delete',
      path: '/api/caregivers/{id}',
      tag,
      summary: 'Remove someone\u2019s access to the child (owners); it ends with their next request',
      security: 'bearer',
      child: caregiverActions.remove,
      ids: accessId,
      success: [{ status: 200, description: 'Removed', body: deletedBody }],
      handle: ({ scope, ids }) => caregivers.remove(scope, ids.id),
    }),
    operation({
      operationId: 'leaveChild',
      method: 'post',
      path: '/api/caregivers/leave',
      tag,
      summary: 'Give up your own access to a child another account shared with you',
      security: 'bearer',
      child: caregiverActions.leave,
      success: [{ status: 200, description: 'You no longer have access', body: deletedBody }],
      handle: ({ scope }) => caregivers.leave(scope),
    }),
    operation({
      operationId: 'listAuditLog',
      method: 'get',
      path: '/api/audit',
      tag,
      summary: 'The child\u2019s audit log, newest first (owners)',
      description:
        'Who viewed the record, who changed what, who was invited or removed. Names the action and the record\u2019s kind and id, never what it says.',
      security: 'bearer',
      child: caregiverActions.viewAudit,
      query: auditQuery,
      success: [{ status: 200, description: 'Audit entries', body: bodies.AuditEntry, list: true }],
      handle: ({ scope, query }) => caregivers.audit(scope, query.limit as number, query.cursor as number | undefined),
    }),
  ];
}
