import {
  defaultSections,
  SNAPSHOT_SECTION_HEADINGS,
  type SectionContent,
  type Snapshot,
  type SnapshotLink,
  type SnapshotSectionKey,
  type SnapshotWithContent,
  type ViewSection,
} from '#shared/schemas/snapshot.ts';

/** A teacher snapshot of Sam made by the caller: the teacher's defaults, no title. */
export function snapshotFixture(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    id: 7,
    childId: 1,
    audience: 'teacher',
    title: null,
    sections: defaultSections('teacher'),
    recentWindow: '2w',
    photoDocumentId: null,
    activeLinks: 0,
    addedBy: { name: 'Ana', isYou: true },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const CONTENT: Record<SnapshotSectionKey, SectionContent> = {
  about: {
    key: 'about',
    name: 'Sam',
    ageYears: 10,
    grade: '4',
    pronouns: null,
    school: null,
    interests: ['Trains'],
    proudOf: [],
    diagnoses: [],
  },
  strengths: { key: 'strengths', items: ['Kind to younger children'] },
  'what-helps': { key: 'what-helps', strategies: [] },
  challenges: { key: 'challenges', items: ['Loud rooms'], whatToDo: [] },
  goals: { key: 'goals', goals: [] },
  'support-plan': { key: 'support-plan', plan: 'iep', school: null, planReviewDate: null, nextReviewDate: null, lastEvaluationDate: null },
  medications: { key: 'medications', items: [{ name: 'Melatonin', dose: '1 mg', schedule: 'At bedtime', prescriber: null }] },
  people: { key: 'people', items: [{ name: 'Dr. Lee', role: 'doctor', phone: null, email: null }] },
  'recent-observations': { key: 'recent-observations', window: '2w', items: [], count: 0, weeks: [] },
};

/** A snapshot with its preview: every section, in the snapshot's order, the saved wording applied. */
export function withContent(snapshot: Snapshot): SnapshotWithContent {
  const sections: ViewSection[] = snapshot.sections.map((section) => ({
    key: section.key,
    heading: SNAPSHOT_SECTION_HEADINGS[section.key],
    text: section.text,
    content: CONTENT[section.key],
  }));
  return {
    ...snapshot,
    preview: {
      title: snapshot.title ?? 'Teacher snapshot',
      audience: snapshot.audience,
      firstName: 'Sam',
      layout: 'profile',
      printStyles: false,
      hasPhoto: false,
      builtAt: '2026-11-27T10:00:00.000Z',
      sections,
    },
  };
}

export function linkFixture(overrides: Partial<SnapshotLink> = {}): SnapshotLink {
  return {
    id: 31,
    snapshotId: 7,
    snapshotTitle: 'Teacher snapshot',
    audience: 'teacher',
    createdAt: '2026-11-21T10:00:00.000Z',
    expiresAt: '2026-11-28T10:00:00.000Z',
    opens: 3,
    lastOpenedAt: '2026-11-22T15:30:00.000Z',
    addedBy: { name: 'Ana', isYou: true },
    ...overrides,
  };
}
