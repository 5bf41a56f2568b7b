import type { SectionContent, SnapshotView, ViewSection } from '#shared/schemas/snapshot.ts';
import { SNAPSHOT_SECTION_HEADINGS } from '#shared/schemas/snapshot.ts';

/** A goal with three progress entries, as the goals section gives it. */
export const GOAL: Extract<SectionContent, { key: 'goals' }>['goals'][number] = {
  id: 1,
  title: 'Read 60 words per minute',
  area: 'reading',
  baseline: 30,
  target: 60,
  unit: 'words per minute',
  latestValue: 44,
  latestOn: '2026-11-02',
  points: [
    { on: '2026-09-01', value: 32 },
    { on: '2026-10-01', value: 38 },
    { on: '2026-11-02', value: 44 },
  ],
};

/** What the record gives every section of a full snapshot, as the server builds it. */
export const FULL_CONTENT: SectionContent[] = [
  {
    key: 'about',
    name: 'Maya',
    ageYears: 9,
    grade: '4',
    pronouns: 'she/her',
    school: 'Hillside Elementary',
    interests: ['Drawing horses'],
    proudOf: ['Read a chapter book aloud'],
    diagnoses: [],
  },
  { key: 'strengths', items: ['Kind to younger children'] },
  {
    key: 'what-helps',
    strategies: [{ title: 'Visual timer', description: 'Set before transitions', kind: 'tool', whereUsed: 'both', effectiveness: 4 }],
  },
  {
    key: 'challenges',
    items: ['Loud rooms'],
    whatToDo: [{ title: 'Quiet corner', description: null, kind: 'intervention', whereUsed: 'school', effectiveness: null }],
  },
  {
    key: 'goals',
    goals: [GOAL],
  },
  {
    key: 'support-plan',
    plan: 'iep',
    school: 'Hillside Elementary',
    planReviewDate: '2026-03-10',
    nextReviewDate: '2027-03-10',
    lastEvaluationDate: null,
  },
  { key: 'medications', items: [{ name: 'Melatonin', dose: '1 mg', schedule: 'At bedtime', prescriber: 'Dr. Chen' }] },
  { key: 'people', items: [{ name: 'Ana Lopez', role: 'parent', phone: '+1 555 0100', email: 'ana@example.com' }] },
  {
    key: 'recent-observations',
    window: '48h',
    items: [{ occurredAt: '2026-11-26T15:00:00.000Z', what: 'Calm after school', setting: 'home', mood: 4, isWin: false }],
    count: 1,
    weeks: [],
  },
];

export function section(content: SectionContent, text: string | null = null): ViewSection {
  return { key: content.key, heading: SNAPSHOT_SECTION_HEADINGS[content.key], text, content };
}

export function snapshotView(overrides: Partial<SnapshotView> = {}): SnapshotView {
  return {
    title: 'Maya for her teacher',
    audience: 'teacher',
    firstName: 'Maya',
    layout: 'profile',
    printStyles: false,
    hasPhoto: false,
    builtAt: '2026-11-27T12:00:00.000Z',
    sections: FULL_CONTENT.map((content) => section(content)),
    ...overrides,
  };
}
