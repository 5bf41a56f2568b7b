import { isAvailable, type FeatureId } from './feature-status.ts';
import { capitalise, listOf } from './words.ts';

/** What a parent can do with their information beyond editing a record, each with its status. */
export interface DataTool {
  id: FeatureId;
  /** What the parent does, once it is in the app ("export everything"). */
  does: string;
  /** The same as a thing on the way ("exporting everything"). */
  coming: string;
}

export const DATA_TOOLS: readonly DataTool[] = [
  { id: 'export', does: 'export everything', coming: 'exporting everything' },
  { id: 'child-deletion', does: 'delete a child profile with all of its records', coming: 'deleting a child profile' },
  { id: 'account-deletion', does: 'delete your account', coming: 'deleting your account' },
];

/**
 * Whether anyone but the parent can see anything of an account: people they invite to a child's record,
 * a snapshot, a smart form. A function, not a constant, so a test that mocks feature-status.ts sees its own statuses.
 */
export function canShare(): boolean {
  return isAvailable('caregivers') || isAvailable('snapshots') || isAvailable('smart-forms');
}

/** Who can see a child's information besides the parent, as far as the app allows today. */
export function whoElseSees(): string[] {
  return [
    ...(isAvailable('caregivers') ? ['the people you invite to a child\u2019s record, with the role you give them'] : []),
    ...(isAvailable('snapshots') ? ['the people you print or send a snapshot for'] : []),
    ...(isAvailable('smart-forms') ? ['the teachers and therapists you send a smart form to, for that form only'] : []),
  ];
}

/** Whether a parent can both export everything and delete their account from the app. */
export function canExportAndDelete(): boolean {
  return isAvailable('export') && isAvailable('account-deletion');
}

/** What the site says about sharing while nothing can be shared (see canShare). */
export const NO_SHARING_YET =
  'Trelli has no way to share your records yet. When sharing arrives, nothing will leave your account unless you choose to send it.';

/** Until a tool is in the app, a person does it on request: the same promise on every page. */
export const ASK_US = 'until then, ask us through the contact form and we will do it for you';

/**
 * Your information, yours to manage, as it stands today: what you can do yourself, and what is on
 * the way (null once everything is in the app). Read by the home, beta access and about pages.
 */
export function yourDataSentences(): { now: string; coming: string | null } {
  const available = DATA_TOOLS.filter((tool) => isAvailable(tool.id)).map((tool) => tool.does);
  const coming = DATA_TOOLS.filter((tool) => !isAvailable(tool.id)).map((tool) => tool.coming);
  return {
    now: `${capitalise(listOf(['change your records', 'delete any record you added', ...available]))} whenever you like.`,
    coming:
      coming.length > 0 ? `${capitalise(listOf(coming))} from the app ${coming.length > 1 ? 'are' : 'is'} on the way; ${ASK_US}.` : null,
  };
}

/** Both sentences as one paragraph. */
export function yourData(): string {
  const { now, coming } = yourDataSentences();
  return coming ? `${now} ${coming}` : now;
}
