import type { MutationKey, QueryClient } from '@tanstack/react-query';
import type { AnyTRPCProcedure, TRPCRouterRecord } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/root.ts';

/*
 * The one place that says what a change refreshes. Every tRPC mutation names the kinds of record it
 * changes; each kind names the queries that show it. createAppQueryClient applies this after every
 * successful mutation, and calls made through the vanilla client call `refreshAfter` themselves.
 * A new kind of record is one line in SHOWN_IN; a new mutation is one line in CHANGED_BY (the
 * compiler insists: CHANGED_BY is typed by the AppRouter's mutations).
 */

/** The paths (`'goals.create'`) of a router record's procedures of one type. */
type ProcedurePaths<TRecord, TType extends 'query' | 'mutation', TPrefix extends string = ''> = {
  [K in keyof TRecord & string]: TRecord[K] extends AnyTRPCProcedure
    ? TRecord[K]['_def']['type'] extends TType
      ? `${TPrefix}${K}`
      : never
    : TRecord[K] extends TRPCRouterRecord
      ? ProcedurePaths<TRecord[K], TType, `${TPrefix}${K}.`>
      : never;
}[keyof TRecord & string];

export type MutationPath = ProcedurePaths<AppRouter['_def']['record'], 'mutation'>;
export type QueryPath = ProcedurePaths<AppRouter['_def']['record'], 'query'>;

/** SPEC §4 / §9: the wait between a child's creation and the refetch it asks for. */
export const REFETCH_AFTER_CREATE_DELAY_MS = 100;

/** The lists across every child (decision 0098): a child renamed, deleted, shared or left changes them all. */
const EVERY_CHILD_LISTS = [
  'everyChild.observations',
  'everyChild.goals',
  'everyChild.strategies',
  'everyChild.progress',
  'everyChild.snapshots',
  'everyChild.snapshotLinks',
] as const;

/**
 * What is built from the record each time it is read (issue 27, decision 0107): a snapshot's preview and
 * the IEP meeting pack. A change to what they show refreshes them.
 */
const BUILT_FROM_RECORD = ['snapshots.byId', 'snapshots.meetingPack'] as const;

/** An expense and everything it counts in (issue 26); its claims and payments show in the same places. */
const EXPENSE_VIEWS = [
  'expenses.list',
  'expenses.get',
  'expenses.providers',
  'reimbursements.summary',
  'dashboard.stats',
  'milestones.list',
  'activities.list',
] as const;

/**
 * Each kind of record, and every query that shows one. The activity feed shows every change a
 * parent makes, so it is in each. The guide's suggestions are read from the profile, the open
 * milestones and the goals with their progress (decision 0065), so those refresh them too.
 */
export const SHOWN_IN = {
  child: ['children.list', 'children.byId', 'activities.list', 'guide.suggestions', ...EVERY_CHILD_LISTS, ...BUILT_FROM_RECORD],
  /** SPEC §4: what is refetched after a child is created (and selected). */
  newChild: ['children.list', 'dashboard.stats', 'activities.list', 'milestones.list'],
  /** The list and trend, the dashboard's counts, a linked goal's evidence. */
  observation: [
    'observations.list',
    'observations.weeklyTrend',
    'goals.detail',
    'dashboard.stats',
    'activities.list',
    'everyChild.observations',
    ...BUILT_FROM_RECORD,
  ],
  goal: [
    'goals.list',
    'goals.detail',
    'dashboard.stats',
    'activities.list',
    'guide.suggestions',
    'everyChild.goals',
    'everyChild.progress',
    ...BUILT_FROM_RECORD,
  ],
  /** A goal's latest value (list, dashboard) and its history (detail). */
  progress: [
    'goals.list',
    'goals.detail',
    'dashboard.stats',
    'activities.list',
    'guide.suggestions',
    'everyChild.goals',
    'everyChild.progress',
    ...BUILT_FROM_RECORD,
  ],
  /** Strategies in use are counted on the dashboard. */
  strategy: ['strategies.list', 'dashboard.stats', 'activities.list', 'everyChild.strategies', ...BUILT_FROM_RECORD],
  /** The next milestones are on the dashboard. */
  milestone: ['milestones.list', 'dashboard.stats', 'activities.list', 'guide.suggestions'],
  /** The vault's list, filters and meter, and a linked goal's evidence. */
  document: [
    'documents.list',
    'documents.facets',
    'documents.byId',
    'documents.versions',
    'documents.usage',
    'goals.detail',
    'activities.list',
    // Deleting a vault document unlinks it from the expenses that listed it.
    'expenses.list',
    'expenses.get',
    // A snapshot's photo is a vault document; the meeting pack lists the documents added.
    ...BUILT_FROM_RECORD,
  ],
  /** The child's medications and people (Settings), each change in the activity feed. */
  medication: ['medications.list', 'activities.list', ...BUILT_FROM_RECORD],
  person: ['people.list', 'activities.list', ...BUILT_FROM_RECORD],
  /** Who has access to a child, and its audit log (Settings). */
  caregiver: ['caregivers.list', 'caregivers.audit'],
  /** Accepting an invitation or leaving a child changes which children the person sees. */
  access: ['children.list', 'caregivers.list', 'caregivers.audit', ...EVERY_CHILD_LISTS],
  /** The parent's export of everything ("Your data" in Settings). */
  export: ['accountData.currentExport'],
  /**
   * Reimbursements (issue 26): a funder, an expense, a claim or a payment changes the summary and the
   * lists, and the deadlines with claims still to submit: the dashboard's warning and the roadmap's milestone.
   */
  fundingSource: [
    'fundingSources.list',
    'reimbursements.summary',
    'expenses.list',
    'dashboard.stats',
    'milestones.list',
    'activities.list',
  ],
  expense: EXPENSE_VIEWS,
  claim: EXPENSE_VIEWS,
  /** The person's email choices (Settings). */
  notification: ['notifications.get'],
  /** Snapshots (issue 27): the list (each counts its open links), one with its preview, the open links, the feed. */
  snapshot: ['snapshots.list', 'snapshots.byId', 'snapshots.links', 'activities.list', 'everyChild.snapshots', 'everyChild.snapshotLinks'],
  snapshotLink: ['snapshots.list', 'snapshots.links', 'activities.list', 'everyChild.snapshots', 'everyChild.snapshotLinks'],
  /** Smart forms (issue 28): the list (each counts its open links and waiting answers), one form, its open links, the feed. */
  form: ['forms.list', 'forms.byId', 'forms.links', 'activities.list'],
  formLink: ['forms.list', 'forms.links', 'activities.list'],
  /** A form's answers (issue 28): the inbox, each form's waiting count, the feed and the meeting pack's teachers' answers. */
  formResponse: ['formResponses.list', 'forms.list', 'activities.list', 'snapshots.meetingPack'],
} as const satisfies Record<string, readonly QueryPath[]>;

export type RecordKind = keyof typeof SHOWN_IN;

/** What one mutation changes: the kinds of record, at once or (SPEC §4) a moment later. */
export type Changes = readonly RecordKind[] | { readonly changed: readonly RecordKind[]; readonly afterMs: number };

/** Every mutation of the AppRouter and what it changes. */
export const CHANGED_BY: { readonly [P in MutationPath]: Changes } = {
  // The child context appends the new child and selects it at once (SPEC §4), which makes the
  // child's own data stale; the rest is refetched 100 ms later.
  'children.create': { changed: ['newChild'], afterMs: REFETCH_AFTER_CREATE_DELAY_MS },
  'children.update': ['child'],
  // Deleting a child or a document withdraws an earlier export that holds it (decision 0069).
  'children.delete': ['child', 'export'],
  'observations.create': ['observation'],
  'observations.update': ['observation'],
  'observations.delete': ['observation'],
  'goals.create': ['goal'],
  'goals.update': ['goal'],
  // Deleting a goal unlinks the observations, strategies and documents that named it.
  'goals.delete': ['goal', 'observation', 'strategy', 'document'],
  'goals.addProgress': ['progress'],
  'goals.updateProgress': ['progress'],
  'goals.deleteProgress': ['progress'],
  'strategies.create': ['strategy'],
  'strategies.update': ['strategy'],
  'strategies.delete': ['strategy'],
  'milestones.create': ['milestone'],
  'milestones.update': ['milestone'],
  'milestones.delete': ['milestone'],
  'milestones.generate': ['milestone'],
  // Uploads and file replacements go over REST (client/app/features/documents): they call
  // refreshAfter(queryClient, 'documents.update') themselves, as they change the same things.
  'documents.update': ['document'],
  'documents.delete': ['document', 'export'],
  'medications.create': ['medication'],
  'medications.update': ['medication'],
  'medications.delete': ['medication'],
  'people.create': ['person'],
  'people.update': ['person'],
  'people.delete': ['person'],
  'caregivers.invite': ['caregiver'],
  'caregivers.revokeInvite': ['caregiver'],
  'caregivers.changeRole': ['caregiver'],
  'caregivers.remove': ['caregiver'],
  'caregivers.accept': ['access'],
  'caregivers.leave': ['access'],
  'accountData.startExport': ['export'],
  'fundingSources.create': ['fundingSource'],
  'fundingSources.update': ['fundingSource'],
  'fundingSources.delete': ['fundingSource'],
  // An expense's documents are vault documents: linking or unlinking changes nothing the vault lists.
  'expenses.create': ['expense'],
  'expenses.update': ['expense'],
  'expenses.delete': ['expense'],
  'claims.create': ['claim'],
  'claims.update': ['claim'],
  'claims.delete': ['claim'],
  'claims.move': ['claim'],
  'claims.addPayment': ['claim'],
  'claims.deletePayment': ['claim'],
  'notifications.update': ['notification'],
  'snapshots.create': ['snapshot'],
  'snapshots.update': ['snapshot'],
  // Deleting a snapshot ends its links.
  'snapshots.delete': ['snapshot'],
  'snapshots.share': ['snapshotLink'],
  'snapshots.revokeLink': ['snapshotLink'],
  'forms.create': ['form'],
  'forms.update': ['form'],
  // Deleting a form ends its links and its responses.
  'forms.delete': ['form', 'formResponse'],
  'forms.share': ['formLink'],
  'forms.revokeLink': ['formLink'],
  // Approving makes progress entries and observations of the answers; leaving them out changes only the response.
  'formResponses.approve': ['formResponse', 'progress', 'observation'],
  'formResponses.reject': ['formResponse'],
  // Nothing is left to refresh: the app signs out.
  'accountData.deleteAccount': [],
  // The account itself lives in the auth seam, which the account settings reload after each change.
  'accounts.updateName': [],
  'accounts.changeEmail': [],
  'accounts.changePassword': [],
  'accounts.signOutOtherSessions': [],
};

/** The queries to refresh after `mutation`, each once. */
export function queriesToRefresh(mutation: MutationPath): QueryPath[] {
  const changes = CHANGED_BY[mutation];
  const kinds = 'changed' in changes ? changes.changed : changes;
  return [...new Set(kinds.flatMap((kind): readonly QueryPath[] => SHOWN_IN[kind]))];
}

/** The mutation a tRPC mutation key (`[['goals', 'create']]`) belongs to, or null for any other key. */
export function mutationPathOfKey(key: MutationKey | undefined): MutationPath | null {
  const path = Array.isArray(key) && Array.isArray(key[0]) ? key[0].join('.') : null;
  return path !== null && Object.hasOwn(CHANGED_BY, path) ? (path as MutationPath) : null;
}

/**
 * Marks every query that shows what `mutation` changed as stale and refetches it, on view or not:
 * queries do not refetch on mount (SPEC §9), so a screen not on view would otherwise show the old
 * answer until the cache forgets it.
 */
export function refreshAfter(queryClient: QueryClient, mutation: MutationPath): void {
  const changes = CHANGED_BY[mutation];
  const refresh = () => {
    for (const query of queriesToRefresh(mutation)) {
      void queryClient.invalidateQueries({ queryKey: [query.split('.')], refetchType: 'all' });
    }
  };
  if ('afterMs' in changes) setTimeout(refresh, changes.afterMs);
  else refresh();
}
