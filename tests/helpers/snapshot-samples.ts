import { SNAPSHOT_SECTION_HEADINGS, type MeetingPack, type SnapshotView, type ViewSection } from '#shared/schemas/snapshot.ts';

/*
 * A child's whole record as a snapshot view and as an IEP meeting pack, with every section at a
 * realistic size: what the snapshot PDF's tests and bench (bench/snapshots.ts) print.
 */

/** `count` progress entries two weeks apart from `start`, rising from `from` with a little noise. */
function points(count: number, from: number, step: number, start = Date.UTC(2026, 0, 5)) {
  return Array.from({ length: count }, (_, index) => ({
    on: new Date(start + index * 14 * 86_400_000).toISOString().slice(0, 10),
    value: Math.round((from + index * step + (index % 3 === 1 ? -step / 2 : 0)) * 10) / 10,
  }));
}

/** A goal's progress entries with its latest value and day, as the record gives them. */
function progress(entries: ReturnType<typeof points>) {
  const latest = entries.at(-1);
  return { points: entries, latestValue: latest?.value ?? null, latestOn: latest?.on ?? null };
}

const section = <K extends ViewSection['key']>(key: K, content: Extract<ViewSection['content'], { key: K }>): ViewSection => ({
  key,
  heading: SNAPSHOT_SECTION_HEADINGS[key],
  text: null,
  content,
});

/** Every section of a full record, in the profile's order. */
export function fullSnapshotView(overrides: Partial<SnapshotView> = {}): SnapshotView {
  return {
    title: 'For the new school year',
    audience: 'iep-meeting',
    firstName: 'Zoë',
    layout: 'profile',
    printStyles: false,
    hasPhoto: true,
    builtAt: '2026-11-27T18:00:00.000Z',
    sections: [
      section('about', {
        key: 'about',
        name: 'Zoë Ångström',
        ageYears: 9,
        grade: '4',
        pronouns: 'she/her',
        school: 'Maple Grove Elementary',
        interests: ['Drawing horses', 'Lego', 'Swimming on Saturdays', 'Audiobooks about space'],
        proudOf: ['Read a whole chapter book on her own', 'Asked for a break instead of leaving class', 'Swam a full length'],
        diagnoses: ['ADHD, combined presentation', 'Dyslexia'],
      }),
      section('strengths', {
        key: 'strengths',
        items: [
          'Kind to younger children and notices when someone is left out',
          'Remembers everything she hears: great with audiobooks and stories',
          'Creative: draws detailed pictures to explain her ideas',
          'Keeps going with puzzles and building long after others stop',
          'Funny, and loves to make the class laugh',
        ],
      }),
      section('what-helps', {
        key: 'what-helps',
        strategies: [
          {
            title: 'Visual schedule on her desk',
            description: 'A card for each part of the day; she moves it when done.',
            kind: 'routine',
            whereUsed: 'both',
            effectiveness: 5,
          },
          {
            title: 'Movement breaks',
            description: 'Two minutes to walk or carry something every 30 minutes.',
            kind: 'accommodation',
            whereUsed: 'school',
            effectiveness: 4,
          },
          {
            title: 'Noise-cancelling headphones',
            description: 'For tests and busy rooms.',
            kind: 'tool',
            whereUsed: 'both',
            effectiveness: 4,
          },
          { title: 'Instructions one step at a time', description: null, kind: 'accommodation', whereUsed: 'school', effectiveness: 3 },
        ],
      }),
      section('challenges', {
        key: 'challenges',
        items: ['Reading aloud in front of the class', 'Changes to the plan without warning', 'Starting written work'],
        whatToDo: [
          {
            title: 'First-then card',
            description: 'Show what comes first and the break after it.',
            kind: 'intervention',
            whereUsed: 'both',
            effectiveness: 4,
          },
          { title: 'Quiet corner for five minutes', description: null, kind: 'intervention', whereUsed: 'school', effectiveness: 3 },
        ],
      }),
      section('goals', {
        key: 'goals',
        goals: [
          {
            id: 1,
            title: 'Read 80 words a minute in grade-level text',
            area: 'reading',
            baseline: 42,
            target: 80,
            unit: 'words a minute',
            ...progress(points(12, 42, 1.8)),
          },
          {
            id: 2,
            title: 'Start written work within 3 minutes',
            area: 'attention-executive-function',
            baseline: 12,
            target: 3,
            unit: 'minutes',
            ...progress(points(9, 12, -0.7)),
          },
          {
            id: 3,
            title: 'Ask for a break using her card',
            area: 'self-advocacy',
            baseline: 0,
            target: 5,
            unit: 'times a week',
            ...progress(points(6, 0, 0.6)),
          },
        ],
      }),
      section('support-plan', {
        key: 'support-plan',
        plan: 'iep',
        school: 'Maple Grove Elementary',
        planReviewDate: '2026-03-10',
        nextReviewDate: '2027-03-10',
        lastEvaluationDate: '2025-02-02',
      }),
      section('medications', {
        key: 'medications',
        items: [
          { name: 'Methylphenidate ER', dose: '18 mg', schedule: 'Every morning with breakfast', prescriber: 'Dr. Okafor' },
          { name: 'Melatonin', dose: '1 mg', schedule: 'At bedtime when needed', prescriber: null },
        ],
      }),
      section('people', {
        key: 'people',
        items: [
          { name: 'Ana Ångström', role: 'parent', phone: '555-0142', email: 'ana@example.com' },
          { name: 'Ms. Rivera', role: 'teacher', phone: null, email: 'rivera@maplegrove.example' },
          { name: 'Dr. Okafor', role: 'doctor', phone: '555-0199', email: null },
          { name: 'Sam Lee', role: 'therapist', phone: '555-0177', email: 'sam.lee@example.com' },
        ],
      }),
      section('recent-observations', {
        key: 'recent-observations',
        window: '2w',
        items: [
          'Finished her reading log without reminders',
          'Upset when the assembly changed the timetable',
          'Used the break card twice in maths',
          'Read to her little brother at bedtime',
          'Forgot homework folder at school',
          'Great swimming lesson, very proud',
          'Started writing after the first-then card',
          'Tired and teary after a late night',
        ].map((what, index) => ({
          occurredAt: new Date(Date.UTC(2026, 10, 26 - index, 15, 30)).toISOString(),
          what,
          setting: index % 2 ? ('school' as const) : ('home' as const),
          mood: 2 + (index % 4),
          isWin: index % 3 === 0,
        })),
        count: 11,
        weeks: [
          { weekStart: '2026-11-16', count: 5, averageMood: 3.4 },
          { weekStart: '2026-11-23', count: 6, averageMood: 3.8 },
        ],
      }),
    ],
    ...overrides,
  };
}

const MEETING_GOALS = [
  ['Read 80 words a minute in grade-level text', 'reading', 'words a minute', 42, 80],
  ['Start written work within 3 minutes', 'attention-executive-function', 'minutes', 12, 3],
  ['Ask for a break using her card', 'self-advocacy', 'times a week', 0, 5],
  ['Solve two-step word problems', 'math', 'correct of 10', 3, 8],
  ['Join a group game at recess', 'social-emotional', 'days a week', 1, 4],
  ['Write a five-sentence paragraph', 'writing', 'sentences', 2, 5],
] as const;

/** A meeting pack for a year of `goalCount` goals (up to 6) and `observationCount` observations spread over them. */
export function meetingPackSample(goalCount = 6, observationCount = 200): MeetingPack {
  const goals = MEETING_GOALS.slice(0, goalCount).map(([title, area, unit, baseline, target], index) => ({
    id: index + 1,
    title,
    area,
    baseline,
    target,
    unit,
    points: index === goalCount - 1 ? [] : points(20, baseline, (target - baseline) / 30),
    observations: Array.from(
      { length: Math.floor(observationCount / goalCount) + (index < observationCount % goalCount ? 1 : 0) },
      (_, n) => ({
        occurredAt: new Date(Date.UTC(2026, 10, 20) - (n * 3 + index) * 86_400_000).toISOString(),
        what: `Observation ${n + 1} about "${title}": worked on it at ${n % 2 ? 'school' : 'home'}, ${n % 3 ? 'with' : 'without'} a reminder.`,
      }),
    ),
    // What the team said: a teacher's two answers on each goal with data (the last goal has none).
    answers:
      index === goalCount - 1
        ? []
        : [
            {
              name: 'Ms Lee',
              role: 'teacher' as const,
              answeredAt: '2026-10-06T15:00:00.000Z',
              prompt: 'How did it go this week?',
              kind: 'number' as const,
              value: baseline + 1,
              unit,
            },
            {
              name: 'Mr Diaz',
              role: 'therapist' as const,
              answeredAt: '2026-11-03T15:00:00.000Z',
              prompt: 'Anything the family should know?',
              kind: 'text' as const,
              value: 'Worked well in a small group; needed one reminder to start.',
              unit: null,
            },
          ],
    strategies: [
      { title: 'Visual schedule on her desk', active: true, effectiveness: 5 },
      { title: 'Reward chart', active: false, effectiveness: 2 },
    ],
  }));
  return {
    firstName: 'Zoë',
    from: '2025-11-27',
    to: '2026-11-27',
    plan: 'iep',
    goals,
    documents: [
      { id: 1, title: 'Annual IEP 2026', category: 'iep', addedOn: '2026-03-10' },
      { id: 2, title: 'Reading evaluation (Dr. Patel)', category: 'evaluation', addedOn: '2026-01-15' },
      { id: 3, title: 'Report card, term 1', category: 'report-card', addedOn: '2026-11-01' },
    ],
    questions: [
      {
        kind: 'no-data',
        text: `"${MEETING_GOALS[goalCount - 1]?.[0]}" has no progress entries in this period: how is it measured?`,
        goalId: goalCount,
      },
      { kind: 'no-progress', text: '"Ask for a break using her card" has not moved in 30 days: what should change?', goalId: 3 },
      {
        kind: 'service-unmentioned',
        text: 'Speech therapy (30 minutes a week) is in the plan but nothing in the record mentions it: is it happening?',
        goalId: null,
      },
    ],
  };
}
