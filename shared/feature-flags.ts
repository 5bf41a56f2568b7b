/** SPEC §3: every flag the product knows, with its default. */
export const FEATURE_FLAG_DEFAULTS = {
  FLAG_ROADMAP_V2_6MO: true,
  FLAG_TRELLI_GUIDE_V2: true,
  FLAG_SCOPED_OBSERVATIONS: true,
  FLAG_SCOPED_PROGRESS_PLANNER: true,
  FLAG_SCOPED_PROGRESS: true,
  FLAG_SCOPED_SNAPSHOTS: false,
  FLAG_DEBOUNCED_AUTOSAVE: true,
  FLAG_PDF_PRINT_STYLES: false,
  FLAG_SNAPSHOT_DISPLAY_V2: true,
  FLAG_TRELLI_GUIDE_THEMES_V1: true,
  FLAG_SNAPSHOT_FIX_PARENTS_MEDS: true,
} as const satisfies Record<string, boolean>;

export type FeatureFlagName = keyof typeof FEATURE_FLAG_DEFAULTS;
export type FeatureFlags = Record<FeatureFlagName, boolean> & Record<string, boolean>;

/**
 * Merges a flags object over the defaults (SPEC §3, §4). Anything that is not a
 * boolean is ignored, so a malformed answer can never switch a flag to a non-boolean.
 */
export function mergeFeatureFlags(overrides: unknown, base: FeatureFlags = FEATURE_FLAG_DEFAULTS): FeatureFlags {
  const merged: Record<string, boolean> = { ...base };
  if (overrides && typeof overrides === 'object' && !Array.isArray(overrides)) {
    for (const [name, value] of Object.entries(overrides)) {
      if (typeof value === 'boolean') merged[name] = value;
    }
  }
  return merged as FeatureFlags;
}
