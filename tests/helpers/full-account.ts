import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tokenOf } from './caregivers.ts';
import { api, signUpParent, type ApiResponse, type TestServer } from './test-server.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** What a full account holds, as its steps made it: ids, the files uploaded (by title), the text written. */
export interface FullAccount {
  server: TestServer;
  token: string;
  userId: string;
  email: string;
  password: string;
  childIds: number[];
  /** Every document uploaded: its title, its child and its exact bytes. */
  documents: { id: number; childId: number; title: string; fileName: string; bytes: Buffer }[];
  /** Rows created per kind (observations, goals...), by the API's answers. */
  created: Record<string, unknown[]>;
  /** Sends `/api<path>` as this parent (`childId` added to the query when given). */
  call(method: string, path: string, json?: unknown, childId?: number): Promise<ApiResponse<any>>;
}

/** One step of building an account; a feature with records adds its step to FULL_ACCOUNT_STEPS: one line. */
export type AccountStep = (account: FullAccount) => Promise<void>;

export const FULL_ACCOUNT_PASSWORD = 'a long enough password';

function expectOk(response: ApiResponse<any>, what: string): ApiResponse<any> {
  if (response.status >= 300) throw new Error(`${what} failed: ${response.status} ${response.text}`);
  return response;
}

async function upload(
  account: FullAccount,
  childId: number,
  name: string,
  bytes: Buffer,
  fields: Record<string, string | string[]>,
  replaces?: number,
) {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(field, item);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const target = replaces === undefined ? '/api/documents' : `/api/documents/${replaces}/content`;
  const response = await fetch(`${account.server.url}${target}?childId=${childId}`, {
    method: replaces === undefined ? 'POST' : 'PUT',
    body: form,
    headers: { authorization: `Bearer ${account.token}` },
  });
  const body = (await response.json()) as { id: number; title: string; fileName: string };
  if (response.status !== (replaces === undefined ? 201 : 200))
    throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const record = (account: FullAccount, kind: string, row: unknown) => (account.created[kind] ??= []).push(row);

/** Two children with full profiles. */
const children: AccountStep = async (account) => {
  for (const firstName of ['Maya', 'Leo']) {
    const child = expectOk(
      await account.call('POST', '/children', {
        firstName,
        lastName: 'Rivera',
        dateOfBirth: '2016-05-02',
        grade: '3',
        supportPlan: 'iep',
        diagnoses: ['ADHD'],
        strengths: ['drawing'],
        notes: '=SUM(A1:A9) looks like a formula',
      }),
      'adding a child',
    );
    account.childIds.push(child.body.id as number);
    record(account, 'children', child.body);
  }
};

/** Per child: a goal with progress, observations (some that look like formulas), a strategy, milestones and a dismissed suggestion. */
const childRecords: AccountStep = async (account) => {
  for (const childId of account.childIds) {
    const goal = expectOk(
      await account.call(
        'POST',
        '/goals',
        { area: 'reading', title: '+Read 20 minutes a day', baseline: 5, target: 20, unit: 'minutes' },
        childId,
      ),
      'a goal',
    ).body;
    record(account, 'goals', goal);
    const today = new Date().toISOString().slice(0, 10);
    record(
      account,
      'progressEntries',
      expectOk(
        await account.call('POST', `/goals/${goal.id}/progress`, { recordedOn: today, value: 12, note: '@mention' }, childId),
        'progress',
      ).body,
    );
    for (const observation of [
      {
        what: '=HYPERLINK("http://example.com","click")',
        antecedent: '-2 points on the quiz',
        behaviour: '@home',
        isWin: false,
        tags: ['homework'],
      },
      { what: 'Read a whole chapter alone', isWin: true, goalId: goal.id, mood: 4 },
      { what: 'Text with "quotes", and a comma', consequence: '+1 sticker' },
    ]) {
      record(account, 'observations', expectOk(await account.call('POST', '/observations', observation, childId), 'an observation').body);
    }
    record(
      account,
      'strategies',
      expectOk(
        await account.call('POST', '/strategies', { title: 'Visual timer', goalIds: [goal.id], effectiveness: 4 }, childId),
        'a strategy',
      ).body,
    );
    record(
      account,
      'milestones',
      expectOk(
        await account.call('POST', '/milestones', { title: 'IEP meeting', dueDate: `${new Date().getUTCFullYear() + 1}-03-01` }, childId),
        'a milestone',
      ).body,
    );
    expectOk(await account.call('POST', '/milestones/generate', undefined, childId), 'the roadmap');
    const generated = (await account.call('GET', '/milestones', undefined, childId)).body as { id: number; source: string }[];
    const suggestion = generated.find((milestone) => milestone.source !== 'parent');
    if (suggestion) expectOk(await account.call('DELETE', `/milestones/${suggestion.id}`, undefined, childId), 'dismissing a suggestion');
  }
};

/** Per child: a PDF (evidence for the child's goal), a photo and a text file; the first child gets two files of the same title. */
const documents: AccountStep = async (account) => {
  const goals = (account.created.goals ?? []) as { id: number; childId: number }[];
  for (const [index, childId] of account.childIds.entries()) {
    const goalIds = goals.filter((goal) => goal.childId === childId).map((goal) => String(goal.id));
    const files: [string, Buffer, Record<string, string | string[]>][] = [
      [
        'iep-sample.pdf',
        fixture('iep-sample.pdf'),
        { title: 'IEP: 2026/27 <annual>', documentDate: '2026-09-15', category: 'iep', goalIds },
      ],
      ['photo-rotated.jpg', fixture('photo-rotated.jpg'), { title: 'Worksheet photo' }],
      ['notes.txt', fixture('notes.txt'), { title: 'Notes', documentDate: '2026-10-01' }],
    ];
    if (index === 0)
      files.push([
        'notes.txt',
        Buffer.from('a second file with the same title and date\n'),
        { title: 'Notes', documentDate: '2026-10-01' },
      ]);
    for (const [name, bytes, fields] of files) {
      const document = await upload(account, childId, name, bytes, fields);
      account.documents.push({ id: document.id, childId, title: document.title, fileName: document.fileName, bytes });
    }
  }
  // The second child's notes replaced once: the earlier file is kept as a version (decision 0087),
  // exported and deleted with the rest.
  const notes = account.documents.find((document) => document.childId === account.childIds[1] && document.title === 'Notes');
  if (notes) {
    const corrected = Buffer.from('Notes, corrected after the meeting\n');
    await upload(account, notes.childId, 'notes.txt', corrected, {}, notes.id);
    record(account, 'documentVersions', { documentId: notes.id, childId: notes.childId, bytes: notes.bytes });
    notes.bytes = corrected;
  }
  await account.server.services.documents.idle();
};

/** Email choices other than the defaults. */
const notificationChoices: AccountStep = async (account) => {
  const saved = expectOk(
    await account.call('PUT', '/notifications', { weeklyDigest: true, reminderThirtyDays: false }),
    'notification choices',
  );
  record(account, 'notificationSettings', saved.body);
};

/**
 * A caregiver (an account with a child of their own) invited as an updater to the first child, who adds an
 * observation there; an invitation to the second child nobody accepted.
 */
const caregivers: AccountStep = async (account) => {
  const [first, second] = account.childIds;
  if (first === undefined || second === undefined) throw new Error('the caregivers step needs two children');
  const caregiver = await signUpParent(account.server);
  const own = expectOk(
    await api(account.server, 'POST', '/api/children', { token: caregiver.token, json: { firstName: 'Noor', dateOfBirth: '2018-02-02' } }),
    'the caregiver\u2019s own child',
  ).body;
  const invited = expectOk(
    await account.call('POST', '/invites', { email: caregiver.email, role: 'updater', childIds: [first] }),
    'an invitation',
  ).body;
  expectOk(
    await api(account.server, 'POST', '/api/invites/accept', { token: caregiver.token, json: { token: tokenOf(invited.link) } }),
    'accepting the invitation',
  );
  // What a caregiver adds is part of the child's record, so of the parent's export.
  record(
    account,
    'observations',
    expectOk(
      await api(account.server, 'POST', `/api/observations?childId=${first}`, {
        token: caregiver.token,
        json: { what: 'Grandma: homework done before dinner', occurredAt: new Date().toISOString() },
      }),
      'the caregiver\u2019s observation',
    ).body,
  );
  record(account, 'caregivers', { ...caregiver, ownChildId: own.id as number });
  record(
    account,
    'invites',
    expectOk(
      await account.call('POST', '/invites', { email: 'nobody-yet@example.com', role: 'viewer', childIds: [second] }),
      'an open invitation',
    ).body,
  );
};

/** Per child: a medication and a person, with text that looks like a formula. */
const childProfile: AccountStep = async (account) => {
  for (const childId of account.childIds) {
    const medication = { name: 'Melatonin', dose: '=1+1 mg', schedule: 'At bedtime', prescriber: 'Dr. Okafor', startedOn: '2026-01-05' };
    record(account, 'medications', expectOk(await account.call('POST', '/medications', medication, childId), 'a medication').body);
    const person = { name: 'Ms. Rivera', role: 'teacher', phone: '+1 555 010 2030', email: 'rivera@school.example', notes: '@room 12' };
    record(account, 'childPeople', expectOk(await account.call('POST', '/people', person, childId), 'a person').body);
  }
};

/**
 * Per child a snapshot with its own wording; the first child's is shared by a link (the API answers the
 * whole URL once), opened once through the public operation (its audit entry has no actor).
 */
const snapshots: AccountStep = async (account) => {
  for (const childId of account.childIds) {
    const sections = [{ key: 'about', visible: true, text: '=Loves trains' }];
    const made = expectOk(
      await account.call('POST', '/snapshots', { audience: 'teacher', title: 'For school', sections }, childId),
      'a snapshot',
    );
    record(account, 'snapshots', made.body);
  }
  const [first] = account.created.snapshots as { id: number; childId: number }[];
  if (first === undefined) throw new Error('the snapshots step needs a child');
  const shared = expectOk(await account.call('POST', `/snapshots/${first.id}/links`, { expiresInDays: 7 }, first.childId), 'a share link');
  const token = tokenOf(shared.body.link as string);
  expectOk(await api(account.server, 'POST', '/api/shared/snapshot', { json: { token } }), 'opening the link');
  record(account, 'shareLinks', { id: shared.body.id, token });
};

/**
 * The first child's smart form (decision 0109) with a question tied to its goal, sent to a teacher by a
 * link, and answered once through it (a response waiting for the parent).
 */
const forms: AccountStep = async (account) => {
  const [goal] = account.created.goals as { id: number; childId: number }[];
  if (goal === undefined) throw new Error('the forms step needs a goal');
  const questions = [
    { id: 'starts', kind: 'count', prompt: '=How many starts?', goalId: goal.id, required: true },
    { id: 'notes', kind: 'text', prompt: 'Anything else?' },
  ];
  const form = expectOk(await account.call('POST', '/forms', { title: 'Weekly check-in', questions }, goal.childId), 'a form').body;
  record(account, 'forms', form);
  const link = { recipientName: 'Ms. Lee', recipientRole: 'teacher', expiresInDays: 14 };
  const shared = expectOk(await account.call('POST', `/forms/${form.id}/links`, link, goal.childId), 'a form link');
  const token = tokenOf(shared.body.link as string);
  const answers = [
    { questionId: 'starts', value: 4 },
    { questionId: 'notes', value: '+Great focus this week' },
  ];
  expectOk(await api(account.server, 'POST', '/api/forms/fill/answers', { json: { token, answers } }), 'answering the form');
  record(account, 'formLinks', { id: shared.body.id, token });
};

/** Per child: a funder, an expense with its receipt linked, and a claim moved to partially paid (rows in all six reimbursements tables). */
const reimbursements: AccountStep = async (account) => {
  for (const childId of account.childIds) {
    const receipt = account.documents.find((document) => document.childId === childId);
    const source = expectOk(await account.call('POST', '/funding-sources', { kind: 'hsa', name: '=HSA' }, childId), 'a funder').body;
    record(account, 'fundingSources', source);
    const expense = { provider: '+Speech clinic', serviceDate: '2026-01-12', amountCents: 15000, documentIds: receipt ? [receipt.id] : [] };
    const added = expectOk(await account.call('POST', '/expenses', expense, childId), 'an expense').body;
    record(account, 'expenses', added);
    const claim = expectOk(
      await account.call('POST', `/expenses/${added.id}/claims`, { fundingSourceId: source.id, amountCents: 15000 }, childId),
      'a claim',
    ).body;
    record(account, 'claims', claim);
    await account.call('POST', `/claims/${claim.id}/status`, { status: 'submitted' }, childId);
    await account.call('POST', `/claims/${claim.id}/status`, { status: 'approved', approvedCents: 9000 }, childId);
    expectOk(await account.call('POST', `/claims/${claim.id}/payments`, { amountCents: 4000, paidOn: '2026-02-01' }, childId), 'a payment');
  }
};

/** A finished export (its ZIP in the store) and a second session. */
const exportAndSessions: AccountStep = async (account) => {
  expectOk(await account.call('POST', '/exports'), 'an export');
  await account.server.services.jobs.idle();
  expectOk(
    await api(account.server, 'POST', '/api/auth/sign-in', { json: { email: account.email, password: account.password } }),
    'a second sign-in',
  );
};

/** Steps in order. A feature whose records belong to an account adds its step here: one line. */
export const FULL_ACCOUNT_STEPS: AccountStep[] = [
  children,
  childRecords,
  childProfile,
  documents,
  reimbursements,
  caregivers,
  snapshots,
  forms,
  notificationChoices,
  exportAndSessions,
];

/** A parent with everything every feature can hold, made through the real API. */
export async function buildFullAccount(server: TestServer, steps: readonly AccountStep[] = FULL_ACCOUNT_STEPS): Promise<FullAccount> {
  const parent = await signUpParent(server);
  const account: FullAccount = {
    server,
    token: parent.token,
    userId: parent.userId,
    email: parent.email,
    password: FULL_ACCOUNT_PASSWORD,
    childIds: [],
    documents: [],
    created: {},
    call(method, apiPath, json, childId) {
      const separator = apiPath.includes('?') ? '&' : '?';
      return api(server, method, `/api${apiPath}${childId === undefined ? '' : `${separator}childId=${childId}`}`, {
        token: parent.token,
        json,
      });
    },
  };
  for (const step of steps) await step(account);
  return account;
}
