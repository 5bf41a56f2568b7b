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
import type { ExpenseCreate } from '#shared/schemas/reimbursement.ts';
import type { ChildScope } from '../server/core/child-scope.ts';
import type { Db } from '../server/db/database.ts';
import { createClaimsService } from '../server/features/reimbursements/claims.service.ts';
import type { Services } from '../server/services.ts';
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

/**
 * Maya's reimbursements: an ESA, insurance and an HSA, with claims in the states a parent meets (one
 * paid in part by insurance with the rest drafted to the HSA, one waiting over 45 days, one appealed).
 * Each claim is written by a claims service whose clock is the day the parent drafted it, so its
 * history reads in order.
 */
async function seedReimbursements(services: Services, db: Db, scope: ChildScope, today: string): Promise<void> {
  const claimsOn = (day: string) =>
    createClaimsService({ db, now: () => new Date(`${day}T16:00:00Z`), deadlines: services.fundingDeadlines });
  const [year = 0, month = 0] = today.split('-').map(Number);
  const schoolYear = month >= 7 ? year : year - 1;
  const esa = await services.fundingSources.create(scope, {
    kind: 'esa',
    name: 'Empowerment Scholarship Account',
    currency: 'USD',
    awardCents: 980_000,
    periodStart: `${schoolYear}-07-01`,
    periodEnd: `${schoolYear + 1}-06-30`,
    deadlines: [],
    deadlineRule: { kind: 'quarterly' },
    notes: 'Expense reports are due at the end of each quarter. Evaluations can be paid straight from the account.',
  });
  const insurance = await services.fundingSources.create(scope, {
    kind: 'insurance',
    name: 'Evergreen Health PPO',
    currency: 'USD',
    deadlines: [],
    deadlineRule: { kind: 'days-after-service', days: 90 },
    notes: 'Out-of-network speech-language therapy is covered at 60% after the deductible.',
  });
  const hsa = await services.fundingSources.create(scope, {
    kind: 'hsa',
    name: 'Family HSA',
    currency: 'USD',
    deadlines: [],
    notes: 'Pay ourselves back for what insurance does not cover; keep the EOB with the receipt.',
  });
  const expense = (fields: Omit<ExpenseCreate, 'currency' | 'documentIds'>) =>
    services.expenses.create(scope, { currency: 'USD', documentIds: [], ...fields });
  const receipt = ['student-name', 'provider', 'service-date', 'itemised-cost', 'amount-paid', 'proof-of-payment'] as const;

  await expense({
    provider: 'Dr. Anita Shah, Educational Psychologist',
    category: 'evaluation',
    serviceDate: addDays(today, -85),
    amountCents: 240_000,
    paidDirectlyBy: esa.id,
    notes: 'Comprehensive psychoeducational evaluation, invoiced to the ESA.',
    checklist: [...receipt],
  });

  // Insurance pays 60% of the session; the rest waits as an HSA draft.
  const therapy = await expense({
    provider: 'Bright Path Speech & Language',
    category: 'therapy',
    serviceDate: addDays(today, -64),
    amountCents: 18_000,
    paidOn: addDays(today, -64),
    paidBy: "Dad's credit card",
    notes: 'Language therapy, 60 minutes.',
    checklist: [...receipt],
  });
  const toInsurance = await claimsOn(addDays(today, -63)).create(scope, therapy.id, {
    fundingSourceId: insurance.id,
    amountCents: 18_000,
  });
  await services.claims.move(scope, toInsurance.id, { status: 'submitted', on: addDays(today, -62), reference: 'EHP-5581-2093' });
  await services.claims.move(scope, toInsurance.id, {
    status: 'approved',
    approvedCents: 10_800,
    on: addDays(today, -40),
    note: 'Paid at 60% (out of network).',
  });
  await services.claims.addPayment(scope, toInsurance.id, { amountCents: 10_800, paidOn: addDays(today, -33), reference: 'EOB 4471902' });
  await claimsOn(addDays(today, -30)).create(scope, therapy.id, { fundingSourceId: hsa.id, amountCents: 7_200 });

  // Submitted more than 45 days ago with no answer: the claim is flagged.
  const tutoring = await expense({
    provider: 'Literacy Lab Tutoring',
    category: 'tutoring',
    serviceDate: addDays(today, -82),
    serviceEndDate: addDays(today, -54),
    amountCents: 60_000,
    paidOn: addDays(today, -54),
    paidBy: "Mom's debit card",
    notes: 'Eight structured literacy sessions at $75.',
    checklist: [...receipt],
  });
  const waiting = await claimsOn(addDays(today, -53)).create(scope, tutoring.id, { fundingSourceId: esa.id, amountCents: 60_000 });
  await services.claims.move(scope, waiting.id, { status: 'submitted', on: addDays(today, -52), reference: 'ESA-Q1-0417' });

  const laterTutoring = await expense({
    provider: 'Literacy Lab Tutoring',
    category: 'tutoring',
    serviceDate: addDays(today, -45),
    serviceEndDate: addDays(today, -17),
    amountCents: 60_000,
    paidOn: addDays(today, -17),
    paidBy: "Mom's debit card",
    notes: 'Eight structured literacy sessions at $75.',
    checklist: [...receipt],
  });
  await claimsOn(addDays(today, -16)).create(scope, laterTutoring.id, { fundingSourceId: esa.id, amountCents: 60_000 });

  // Denied for a missing letter, then appealed with it.
  const readingPen = await expense({
    provider: 'Scanning Pens Inc.',
    category: 'assistive-technology',
    serviceDate: addDays(today, -42),
    amountCents: 28_900,
    paidOn: addDays(today, -42),
    paidBy: "Dad's credit card",
    notes: 'Reading pen that reads printed text aloud.',
    checklist: ['provider', 'service-date', 'itemised-cost', 'amount-paid', 'proof-of-payment'],
  });
  const appealed = await claimsOn(addDays(today, -41)).create(scope, readingPen.id, { fundingSourceId: esa.id, amountCents: 28_900 });
  await services.claims.move(scope, appealed.id, { status: 'submitted', on: addDays(today, -40), reference: 'ESA-Q1-0452' });
  await services.claims.move(scope, appealed.id, {
    status: 'denied',
    on: addDays(today, -21),
    note: 'Assistive technology needs a letter of medical necessity.',
  });
  await services.claims.move(scope, appealed.id, {
    status: 'appealed',
    on: addDays(today, -12),
    note: "Sent the letter of medical necessity from Dr. Shah's evaluation.",
  });
}

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

  for (const [index, profile] of profiles.entries()) {
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
    if (index === 0) await seedReimbursements(services, db, scope, today);
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
