import { createLocalAuthProvider, type LocalTokens } from '../../server/auth/local.ts';
import type { VaultSetup } from '../../server/features/documents/vault-setup.ts';
import type { Db } from '../../server/db/database.ts';
import { createAccountsService } from '../../server/features/accounts/accounts.service.ts';
import { createMailer } from '../../server/core/mail.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { createChildrenService } from '../../server/features/children/children.service.ts';
import { childCreateSchema, GRADES, SUPPORT_PLANS, type ChildCreateInput } from '#shared/schemas/child.ts';

/** What a scenario's seed gets: the bench database and the app's own services over it. */
export interface SeedContext {
  db: Db;
  tokens: LocalTokens;
  /** The document vault the seeded services write to (a temporary DATA_DIR). */
  vault: VaultSetup;
  /** Signs a parent up through the accounts service (scrypt hash, session row), as the sign-up endpoint does. */
  createParent(label: string): Promise<{ userId: string }>;
  /** Creates children through the children service (transaction, activity row, childCount metadata). */
  createChildren(ownerId: string, count: number): Promise<number[]>;
}

const FIRST_NAMES = [
  'Maya',
  'Eli',
  'Noor',
  'Theo',
  'Ava',
  'Jonah',
  'Priya',
  'Sam',
  'Lena',
  'Mateo',
  'Zoe',
  'Kai',
  'Ines',
  'Owen',
  'Ruby',
  'Arjun',
  'Hana',
  'Leo',
  'Mira',
  'Finn',
];
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Rivera', 'Chen', 'Haddad', null, 'Novak', 'Mbeki', 'Dubois', null];
const SCHOOLS = ['Riverside Elementary', 'Oak Hill Middle School', 'Lincoln High School', 'Bright Futures Academy', null];
const PRONOUNS = ['she/her', 'he/him', 'they/them', null];
const DIAGNOSES = [
  'ADHD (combined)',
  'Dyslexia',
  'Dyscalculia',
  'Dysgraphia',
  'Autism spectrum',
  'Generalized anxiety',
  'Auditory processing disorder',
  'Executive function challenges',
];
const STRENGTHS = [
  'Creative storyteller',
  'Great with animals',
  'Strong visual memory',
  'Kind to younger kids',
  'Loves building things',
  'Persistent when interested',
  'Funny',
  'Good at puzzles',
];
const CHALLENGES = [
  'Starting homework',
  'Reading aloud',
  'Transitions between activities',
  'Handwriting stamina',
  'Math facts',
  'Noisy rooms',
  'Following multi-step directions',
  'Morning routine',
];
const INTERESTS = ['Minecraft', 'Dinosaurs', 'Drawing', 'Swimming', 'Lego', 'Space', 'Piano', 'Soccer', 'Cooking', 'Graphic novels'];
const NOTE_SENTENCES = [
  'Does best with a visual schedule and a two-minute warning before transitions.',
  'Homework goes better right after a snack and some movement; we break it into 10-minute chunks with a timer.',
  'The teacher says participation is better when seated near the front, away from the door.',
  'Uses audiobooks alongside the print copy for reading assignments.',
  'Ask at the next IEP meeting about extended time on tests and a quiet room for assessments.',
  'Sleep has been better since screens moved out of the bedroom.',
  'Fridays are hard: tired by the end of the week, so we keep the afternoon free.',
];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;
const take = <T>(list: readonly T[], start: number, count: number): T[] => Array.from({ length: count }, (_, k) => pick(list, start + k));

/** A realistic child: every field filled most of the time, arrays of 1-6 items, a notes paragraph of 2-6 sentences. */
export function childFixture(index: number): ChildCreateInput {
  const year = 2009 + (index % 12);
  const month = String(1 + ((index * 5) % 12)).padStart(2, '0');
  const day = String(1 + ((index * 7) % 28)).padStart(2, '0');
  return {
    firstName: pick(FIRST_NAMES, index),
    lastName: pick(LAST_NAMES, index),
    dateOfBirth: `${year}-${month}-${day}`,
    grade: pick(GRADES, index + 2),
    school: pick(SCHOOLS, index),
    pronouns: pick(PRONOUNS, index),
    supportPlan: pick(SUPPORT_PLANS, index),
    planReviewDate: index % 3 === 0 ? null : `2027-0${1 + (index % 9)}-15`,
    lastEvaluationDate: index % 4 === 0 ? null : `2025-${String(1 + (index % 12)).padStart(2, '0')}-10`,
    diagnoses: take(DIAGNOSES, index, 1 + (index % 3)),
    strengths: take(STRENGTHS, index, 2 + (index % 5)),
    challenges: take(CHALLENGES, index + 3, 2 + (index % 4)),
    interests: take(INTERESTS, index, 1 + (index % 6)),
    notes: take(NOTE_SENTENCES, index, 2 + (index % 5)).join(' '),
    avatarColor: pick(['#b5d5d0', '#f2c6a0', '#c9c3e6', '#f4e1a1', '#a9cbe8'], index),
  };
}

export function createSeedContext(db: Db, tokens: LocalTokens, vault: VaultSetup): SeedContext {
  const auth = createLocalAuthProvider(tokens, db);
  const accounts = createAccountsService({
    db,
    tokens,
    mailer: createMailer(undefined, createLogger('silent')),
    appUrl: 'http://localhost:3000',
  });
  // Seeding deletes nothing, so there is never an export to withdraw.
  const children = createChildrenService({ db, auth, files: vault.files, exports: { withdrawExports: async () => 0 } });
  let childIndex = 0;
  return {
    db,
    tokens,
    vault,
    async createParent(label) {
      const signedIn = await accounts.signUp({
        email: `${label}-${Date.now()}@bench.example.com`,
        password: 'a long enough bench password',
      });
      return { userId: signedIn.user.id };
    },
    async createChildren(ownerId, count) {
      const ids: number[] = [];
      for (let k = 0; k < count; k += 1) {
        const child = await children.create(ownerId, childCreateSchema.parse(childFixture(childIndex)));
        childIndex += 1;
        ids.push(child.id);
      }
      return ids;
    },
  };
}
