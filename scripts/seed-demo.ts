/**
 * `npm run seed:demo`: a demo parent with two children and three months of believable records,
 * written through the same services the API uses. Run it while the server is stopped when using the
 * embedded database (PGlite allows one process at a time).
 */
import { createMailer } from '../server/core/mail.ts';
import { randomBytes } from 'node:crypto';
import { addDays } from '#shared/calendar.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type { ObservationCreate } from '#shared/schemas/observation.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createLogger } from '../server/lib/logger.ts';
import { createServices } from '../server/services.ts';
import { createVaultSetup } from '../server/features/documents/vault-setup.ts';
import { buildAuthProvider, openDatabaseFor } from '../server/start.ts';

/** A small seeded generator, so every demo looks the same. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const MAYA_NOTES: { what: string; isWin: boolean; setting: ObservationCreate['setting']; tags: string[]; mood?: number }[] = [
  { what: 'Read a whole chapter aloud before bed without stopping', isWin: true, setting: 'home', tags: ['reading'], mood: 5 },
  { what: 'Melted down over spelling homework after 10 minutes', isWin: false, setting: 'home', tags: ['homework', 'spelling'], mood: 2 },
  { what: 'Teacher says she volunteered to read in class', isWin: true, setting: 'school', tags: ['reading', 'confidence'], mood: 4 },
  { what: 'Guessed words from the first letter again', isWin: false, setting: 'home', tags: ['reading'], mood: 3 },
  {
    what: 'Used the audiobook and finished the book report on time',
    isWin: true,
    setting: 'home',
    tags: ['homework', 'assistive-tech'],
    mood: 4,
  },
  { what: 'Tutor noticed she is blending longer words', isWin: true, setting: 'therapy', tags: ['reading'], mood: 4 },
  { what: 'Refused to write the weekend journal', isWin: false, setting: 'school', tags: ['writing'], mood: 2 },
  {
    what: 'Explained the science project to grandma with lots of detail',
    isWin: true,
    setting: 'community',
    tags: ['confidence', 'science'],
    mood: 5,
  },
];

const LEO_NOTES: typeof MAYA_NOTES = [
  {
    what: 'Got ready for school with the picture checklist, no reminders',
    isWin: true,
    setting: 'home',
    tags: ['routine', 'morning'],
    mood: 4,
  },
  { what: 'Left his homework folder at school again', isWin: false, setting: 'school', tags: ['organisation'], mood: 3 },
  {
    what: 'Finished math worksheet with the 10-minute timer and breaks',
    isWin: true,
    setting: 'home',
    tags: ['homework', 'focus'],
    mood: 4,
  },
  { what: 'Called out in class three times during the quiz', isWin: false, setting: 'school', tags: ['impulsivity'], mood: 2 },
  { what: 'Stayed calm when soccer practice was cancelled', isWin: true, setting: 'community', tags: ['flexibility'], mood: 4 },
  {
    what: 'Forgot to take his jacket home, then remembered on his own the next day',
    isWin: true,
    setting: 'school',
    tags: ['organisation'],
    mood: 4,
  },
  { what: 'Hard time starting the reading log, needed three prompts', isWin: false, setting: 'home', tags: ['task-initiation'], mood: 2 },
];

try {
  const config = loadConfig();
  const log = createLogger('warn');
  const db = await openDatabaseFor(config, log);
  await migrateToLatest(db);
  const { auth, tokens } = await buildAuthProvider(config, log, db);
  const vault = await createVaultSetup({ db, dataDir: config.dataDir, vault: config.vault, log });
  const services = createServices({
    db,
    auth,
    tokens,
    featureFlags: config.featureFlags,
    appOrigin: config.appOrigin,
    vault,
    mailer: createMailer(undefined, log),
  });
  if (!services.accounts) {
    throw new Error('seed:demo creates a built-in account; it cannot create Clerk users. Unset the CLERK_* keys to use it.');
  }
  const email = `demo-${randomBytes(3).toString('hex')}@trelli.test`;
  const password = randomBytes(9).toString('base64url');
  const { user } = await services.accounts.signUp({ email, password });
  await services.accounts.updateUnsafeMetadata(user.id, { hasUsedApp: true });
  const today = todayIso();
  const next = random(7);

  const profiles = [
    {
      child: {
        firstName: 'Maya',
        lastName: 'Rivera',
        dateOfBirth: '2016-04-12',
        grade: '4' as const,
        school: 'Maple Street Elementary',
        pronouns: 'she/her',
        supportPlan: 'iep' as const,
        planReviewDate: addDays(today, 75),
        lastEvaluationDate: addDays(today, -1000),
        diagnoses: ['Dyslexia'],
        strengths: ['Storytelling', 'Science facts', 'Kind to younger kids'],
        challenges: ['Decoding long words', 'Spelling', 'Writing stamina'],
        interests: ['Horses', 'Volcanoes', 'Drawing'],
        notes: 'Does best with audiobooks alongside the text. Tires quickly when writing by hand.',
        avatarColor: '#b5d5d0',
      },
      goals: [
        {
          area: 'reading' as const,
          title: 'Read grade-level text at 90 words per minute',
          baseline: 62,
          target: 90,
          unit: 'words per minute',
          targetDate: addDays(today, 120),
          source: 'iep' as const,
          step: 1.6,
        },
        {
          area: 'writing' as const,
          title: 'Write a five-sentence paragraph on her own',
          baseline: 2,
          target: 5,
          unit: 'sentences',
          targetDate: addDays(today, 160),
          source: 'iep' as const,
          step: 0.2,
        },
      ],
      strategies: [
        { title: 'Audiobook alongside the printed book', kind: 'tool' as const, whereUsed: 'both' as const, effectiveness: 5 },
        { title: 'Speech-to-text for first drafts', kind: 'accommodation' as const, whereUsed: 'school' as const, effectiveness: 4 },
        { title: 'Ten minutes of paired reading after dinner', kind: 'routine' as const, whereUsed: 'home' as const, effectiveness: 4 },
      ],
      notes: MAYA_NOTES,
    },
    {
      child: {
        firstName: 'Leo',
        lastName: 'Rivera',
        dateOfBirth: '2018-09-03',
        grade: '2' as const,
        school: 'Maple Street Elementary',
        pronouns: 'he/him',
        supportPlan: '504' as const,
        planReviewDate: addDays(today, 40),
        lastEvaluationDate: addDays(today, -400),
        diagnoses: ['ADHD (combined)'],
        strengths: ['Building with Lego', 'Funny', 'Great with animals'],
        challenges: ['Getting started on tasks', 'Waiting his turn', 'Keeping track of things'],
        interests: ['Soccer', 'Dinosaurs', 'Minecraft'],
        notes: 'Movement breaks help. Visual checklists work better than spoken reminders.',
        avatarColor: '#f4c7a1',
      },
      goals: [
        {
          area: 'attention-executive-function' as const,
          title: 'Start homework within 2 minutes of sitting down',
          baseline: 9,
          target: 2,
          unit: 'minutes to start',
          targetDate: addDays(today, 90),
          source: 'home' as const,
          step: -0.4,
        },
        {
          area: 'behaviour' as const,
          title: 'Raise his hand before speaking in class',
          baseline: 40,
          target: 80,
          unit: '% of the time',
          targetDate: addDays(today, 140),
          source: '504' as const,
          step: 2.5,
        },
      ],
      strategies: [
        { title: 'Picture checklist by the door', kind: 'tool' as const, whereUsed: 'home' as const, effectiveness: 5 },
        { title: 'Timer with short movement breaks', kind: 'routine' as const, whereUsed: 'both' as const, effectiveness: 4 },
        { title: 'Preferential seating near the teacher', kind: 'accommodation' as const, whereUsed: 'school' as const, effectiveness: 3 },
      ],
      notes: LEO_NOTES,
    },
  ];

  for (const profile of profiles) {
    const child = await services.children.create(user.id, profile.child);
    const scope = await services.children.scope(user.id, child.id, 'owner');
    const goalIds: number[] = [];
    for (const { step, ...goal } of profile.goals) {
      const created = await services.goals.create(scope, { ...goal, status: 'in-progress' });
      goalIds.push(created.id);
      for (let week = 12; week >= 0; week -= 1) {
        const noise = (next() - 0.5) * Math.abs(step) * 2;
        const value = Math.round(((goal.baseline ?? 0) + step * (12 - week) + noise) * 10) / 10;
        await services.goals.addProgress(scope, {
          goalId: created.id,
          recordedOn: addDays(today, -7 * week - 1),
          value,
          note: week === 0 ? 'Latest check with the teacher' : null,
        });
      }
    }
    for (const strategy of profile.strategies) {
      await services.strategies.create(scope, {
        ...strategy,
        active: true,
        goalIds: [goalIds[Math.floor(next() * goalIds.length)] as number],
      });
    }
    for (let day = 90; day >= 0; day -= 1) {
      if (next() > 0.45) continue;
      const note = profile.notes[Math.floor(next() * profile.notes.length)];
      if (!note) continue;
      const afterSchool = Date.parse(`${addDays(today, -day)}T${String(15 + Math.floor(next() * 5)).padStart(2, '0')}:30:00Z`);
      // Today's notes never lie in the future: the API would refuse them, so the seed does not write them either.
      const occurredAt = new Date(Math.min(afterSchool, Date.now())).toISOString();
      await services.observations.create(scope, {
        ...note,
        occurredAt,
        goalId: next() > 0.6 ? (goalIds[0] ?? null) : null,
      });
    }
    await services.milestones.generate(scope);
  }
  await db.destroy();
  console.log('Demo parent created. Sign in at /sign-in with:');
  console.log(`  email:    ${email}`);
  console.log(`  password: ${password}`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
