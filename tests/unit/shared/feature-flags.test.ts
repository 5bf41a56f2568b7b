import { describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS, mergeFeatureFlags } from '#shared/feature-flags.ts';

describe('feature flags (SPEC §3, §4)', () => {
  it('has the eleven SPEC flags with their defaults', () => {
    expect(FEATURE_FLAG_DEFAULTS).toEqual({
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
    });
  });

  it('merges the server flags over the defaults', () => {
    const merged = mergeFeatureFlags({ FLAG_SCOPED_SNAPSHOTS: true, FLAG_ROADMAP_V2_6MO: false, FLAG_NEW: true });
    expect(merged.FLAG_SCOPED_SNAPSHOTS).toBe(true);
    expect(merged.FLAG_ROADMAP_V2_6MO).toBe(false);
    expect(merged.FLAG_NEW).toBe(true);
    expect(merged.FLAG_PDF_PRINT_STYLES).toBe(false);
  });

  it('keeps the defaults for anything that is not a map of booleans', () => {
    for (const junk of [null, undefined, 'true', 42, ['FLAG_SCOPED_SNAPSHOTS'], { FLAG_SCOPED_SNAPSHOTS: 'yes' }]) {
      expect(mergeFeatureFlags(junk)).toEqual(FEATURE_FLAG_DEFAULTS);
    }
  });
});
