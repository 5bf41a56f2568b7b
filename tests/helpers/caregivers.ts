import { CAREGIVER_LIMITS, type InviteCreate } from '#shared/schemas/caregivers.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import type { Services } from '../../server/services.ts';
import { api, signUpParent, signUpParentWithChild, type TestServer } from './test-server.ts';

/** The token of an invitation link (what follows `#`). */
export function tokenOf(link: string): string {
  return link.slice(link.indexOf('#') + 1);
}

/** Shares the children with `caregiverId` through the real invitation flow: the holder invites, the caregiver accepts. */
export async function shareChildren(
  services: Services,
  holderId: string,
  caregiverId: string,
  role: ChildRole,
  childIds: readonly number[],
  email = 'caregiver@example.com',
): Promise<void> {
  for (let start = 0; start < childIds.length; start += CAREGIVER_LIMITS.childrenPerInvite) {
    const input: InviteCreate = { email, role, childIds: childIds.slice(start, start + CAREGIVER_LIMITS.childrenPerInvite) };
    const { link } = await services.caregivers.invite(holderId, input);
    await services.caregivers.accept(caregiverId, tokenOf(link));
  }
}

/**
 * A parent with a child, and two more parents sharing that child as viewer and updater; `as` calls the
 * REST API for the child as one of them (the roles tests of each feature start so).
 */
export async function familyWithViewerAndUpdater(server: TestServer) {
  const family = await signUpParentWithChild(server);
  const viewer = await signUpParent(server);
  const updater = await signUpParent(server);
  await shareChildren(server.services, family.userId, viewer.userId, 'viewer', [family.childId], viewer.email);
  await shareChildren(server.services, family.userId, updater.userId, 'updater', [family.childId], updater.email);
  const as = (person: { token: string }, method: string, path: string, json?: unknown) =>
    api(server, method, `/api${path}?childId=${family.childId}`, { token: person.token, json });
  return { family, viewer, updater, as };
}
