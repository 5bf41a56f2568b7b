import { CAREGIVER_LIMITS, type InviteCreate } from '#shared/schemas/caregivers.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import type { Services } from '../../server/services.ts';

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
