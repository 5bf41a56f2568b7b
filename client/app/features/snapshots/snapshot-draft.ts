import {
  SNAPSHOT_AUDIENCE_LABELS,
  SNAPSHOT_SECTION_HEADINGS,
  type RecentWindow,
  type Snapshot,
  type SnapshotAudience,
  type SnapshotPaper,
  type SnapshotSection,
  type SnapshotSectionKey,
  type SnapshotUpdate,
  type SnapshotView,
} from '#shared/schemas/snapshot.ts';
import { viewWithChoices } from '../../../components/snapshot/snapshot-document.tsx';

/*
 * The snapshot editor's choices before they are saved (decision 0107): the title, audience, sections
 * in order (each shown or hidden, with the parent's wording or none), the observation window and the
 * photo. Pure functions, so the ordering, visibility and wording rules are tested without a screen.
 */

export interface SnapshotDraft {
  /** As typed; empty: no title (the audience names the snapshot). */
  title: string;
  audience: SnapshotAudience;
  sections: SnapshotSection[];
  recentWindow: RecentWindow;
  photoDocumentId: number | null;
}

/** The editor's starting point: what the snapshot has saved. */
export function draftOf(snapshot: Pick<Snapshot, 'title' | 'audience' | 'sections' | 'recentWindow' | 'photoDocumentId'>): SnapshotDraft {
  return {
    title: snapshot.title ?? '',
    audience: snapshot.audience,
    sections: snapshot.sections.map((section) => ({ key: section.key, visible: section.visible, text: section.text })),
    recentWindow: snapshot.recentWindow,
    photoDocumentId: snapshot.photoDocumentId,
  };
}

/** True when the draft says something other than the saved snapshot (an unsaved change). */
export function draftChanged(draft: SnapshotDraft, saved: SnapshotDraft): boolean {
  return JSON.stringify(normalized(draft)) !== JSON.stringify(normalized(saved));
}

function normalized(draft: SnapshotDraft): SnapshotDraft {
  return {
    ...draft,
    title: draft.title.trim(),
    sections: draft.sections.map((section) => ({ ...section, text: wordingOf(section.text) })),
  };
}

/** The parent's wording as kept: trimmed, and nothing (the record's own text) when empty. */
function wordingOf(text: string | null): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** What Save sends: every choice, the sections in the order shown, empty wording as the record's. */
export function updateOf(draft: SnapshotDraft): SnapshotUpdate {
  return {
    audience: draft.audience,
    title: draft.title.trim() === '' ? null : draft.title.trim(),
    sections: draft.sections.map((section) => ({ key: section.key, visible: section.visible, text: wordingOf(section.text) })),
    recentWindow: draft.recentWindow,
    photoDocumentId: draft.photoDocumentId,
  };
}

/** The sections with the one at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveSection(sections: readonly SnapshotSection[], index: number, by: -1 | 1): SnapshotSection[] {
  const to = index + by;
  if (index < 0 || index >= sections.length || to < 0 || to >= sections.length) return [...sections];
  const moved = [...sections];
  const [section] = moved.splice(index, 1);
  if (section) moved.splice(to, 0, section);
  return moved;
}

/** What a screen reader hears after a move: "Medications moved up: 3 of 9." */
export function moveAnnouncement(sections: readonly SnapshotSection[], key: SnapshotSectionKey, by: -1 | 1): string {
  const at = sections.findIndex((section) => section.key === key);
  return `${SNAPSHOT_SECTION_HEADINGS[key]} moved ${by < 0 ? 'up' : 'down'}: ${at + 1} of ${sections.length}.`;
}

/** The sections with `key` shown or hidden. */
export function withVisible(sections: readonly SnapshotSection[], key: SnapshotSectionKey, visible: boolean): SnapshotSection[] {
  return sections.map((section) => (section.key === key ? { ...section, visible } : section));
}

/** The sections with the parent's wording for `key` (kept as typed; empty means the record's text). */
export function withText(sections: readonly SnapshotSection[], key: SnapshotSectionKey, text: string): SnapshotSection[] {
  return sections.map((section) => (section.key === key ? { ...section, text } : section));
}

/** Whether the draft shows recent observations (only then is the window asked). */
export function showsRecentObservations(draft: Pick<SnapshotDraft, 'sections'>): boolean {
  return draft.sections.some((section) => section.key === 'recent-observations' && section.visible);
}

/** How a snapshot is named (as the server names its view): its title, else "Teacher snapshot". */
export function snapshotName(snapshot: { title: string | null; audience: SnapshotAudience }): string {
  return snapshot.title?.trim() || `${SNAPSHOT_AUDIENCE_LABELS[snapshot.audience]} snapshot`;
}

/**
 * The preview of the unsaved choices: byId's `preview` holds every section the record gives (hidden
 * ones too); the draft's visible sections are kept in the draft's order, each with the draft's wording
 * (none: the record's). A section the server left out of the preview (medications with
 * FLAG_SNAPSHOT_FIX_PARENTS_MEDS off) stays out.
 */
export function previewOf(preview: SnapshotView, draft: SnapshotDraft): SnapshotView {
  const choices = draft.sections.map((section) => ({ ...section, text: wordingOf(section.text) }));
  return {
    ...viewWithChoices(preview, choices),
    title: snapshotName({ title: draft.title, audience: draft.audience }),
    audience: draft.audience,
    hasPhoto: draft.photoDocumentId !== null,
  };
}

export const RECENT_WINDOW_LABELS: Record<RecentWindow, string> = {
  '24h': 'Last 24 hours',
  '48h': 'Last 48 hours',
  '72h': 'Last 72 hours',
  '2w': 'Last 2 weeks',
  '4w': 'Last 4 weeks',
  '8w': 'Last 8 weeks',
};

/** What each audience starts from, in the first-run card and the "New snapshot" choice. */
export const AUDIENCE_DESCRIPTIONS: Record<SnapshotAudience, string> = {
  teacher: 'Who your child is, their strengths, what helps, what is hard, goals and the support plan. No medications.',
  sitter: 'What helps, what to do when things are hard, medications, the people to call and the last two days of notes.',
  doctor: 'Medications, diagnoses, what is hard, and behavior and mood from the last weeks of observations.',
  'iep-meeting': 'Strengths, what helps, goals with their progress and the support plan, for the team around the table.',
};

/** GET /api/snapshots/{id}/pdf: the saved snapshot on one page. */
export function snapshotPdfUrl(id: number, childId: number, paper: SnapshotPaper): string {
  return `/api/snapshots/${id}/pdf?childId=${childId}&paper=${paper}`;
}

/** The vault's files a snapshot can show as its photo (decision 0107). */
const PHOTO_MEDIA_TYPES = ['image/jpeg', 'image/png'] as const;

export function isPhotoDocument(document: { mediaType: string }): boolean {
  return (PHOTO_MEDIA_TYPES as readonly string[]).includes(document.mediaType);
}
