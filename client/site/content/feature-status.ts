/** Whether a part of Trelli works in the app today, or is still being built. */
export type FeatureStatus = 'available' | 'coming';

/**
 * What works in Trelli today and what is coming: the one place the public site learns it. The home,
 * features, beta, pricing, security, privacy, terms and about pages and the Help Center all read it,
 * and each already holds the words for both states. When a feature lands, its issue changes its
 * line here to 'available' and the site describes it as working, everywhere at once.
 */
const STATUS = {
  // The tools in the tour (FEATURES in features.ts).
  'child-profile': 'available',
  observations: 'available',
  'progress-planner': 'available',
  roadmap: 'available',
  'document-vault': 'available',
  reimbursements: 'available',
  snapshots: 'available',
  'smart-forms': 'available',
  guide: 'available',
  // Account tools, named on the security, privacy, pricing and terms pages and in the Help Center.
  /** Inviting a co-parent or caregiver to a child's records, with a role (Settings). */
  caregivers: 'available',
  /** A copy of everything in the account, from the app ("export everything"). */
  export: 'available',
  /** Deleting a child profile, and everything recorded about that child, from the app. */
  'child-deletion': 'available',
  /** Deleting the account and everything in it, from the app ("delete everything"). */
  'account-deletion': 'available',
  /** Choosing a new password through a link sent by email. */
  'password-reset': 'available',
} as const satisfies Record<string, FeatureStatus>;

export type FeatureId = keyof typeof STATUS;

export const FEATURE_STATUS: Readonly<Record<FeatureId, FeatureStatus>> = STATUS;

/** Whether a part of Trelli works in the app today. */
export function isAvailable(id: FeatureId): boolean {
  return FEATURE_STATUS[id] === 'available';
}

/** The words for a part of Trelli as it stands: what it does once available, what to expect while it is coming. */
export function byStatus<T>(id: FeatureId, words: Record<FeatureStatus, T>): T {
  return words[FEATURE_STATUS[id]];
}
