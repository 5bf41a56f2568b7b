/**
 * The reimbursement summary (issue 26, decision 0103) is one SQL query; here it is held to a plain
 * TypeScript sum over the same rows: random funding sources (currencies, awards, periods, deadlines
 * and rules), expenses (some paid directly by a funder), claims walked through legal status moves with
 * payments, and a random period. Rows go in through kysely (the CRUD has its own tests), as the
 * database's constraints allow and the service's rules would leave them.
 */
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_MOVES,
  CLAIM_NO_ANSWER_DAYS,
  DEADLINE_RULES,
  EXPENSE_CATEGORIES,
  type ClaimStatus,
  type DeadlineRuleKind,
  type ExpenseCategory,
  type ReimbursementSummary,
} from '#shared/schemas/reimbursement.ts';
import { callerFor, servicesLike } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

const NUM_RUNS = 40;
/** The deadlines case's today; the property draws its own, so a month end that is not a quarter end comes up. */
const TODAY = '2026-06-15';
const noonOf = (iso: string) => new Date(`${iso}T12:00:00Z`);
const DAY_MS = 86_400_000;
const CURRENCIES = ['USD', 'EUR', 'JPY'] as const;

const dayOf = (offset: number) => new Date(Date.parse('2025-01-01T00:00:00Z') + offset * DAY_MS).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** A day from 2025-01-01 to the end of 2027, most of them in 2026 (the default period). */
const day = fc.oneof(fc.integer({ min: 0, max: 1094 }), fc.integer({ min: 365, max: 729 }), fc.integer({ min: 365, max: 729 })).map(dayOf);

interface Source {
  currency: string;
  awardCents: number | null;
  periodStart: string | null;
  periodEnd: string | null;
  deadlines: string[];
  rule: DeadlineRuleKind | null;
  days: number;
}

interface Expense {
  currency: string;
  category: ExpenseCategory;
  serviceDate: string;
  serviceEndDate: string | null;
  amountCents: number;
  /** Index into the sources. */
  paidDirectlyBy: number | null;
  claims: { source: number; share: number; walk: number[] }[];
}

const sourceArb: fc.Arbitrary<Source> = fc
  .record({
    currency: fc.constantFrom(...CURRENCIES),
    awardCents: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: null }),
    period: fc.option(fc.tuple(day, day), { freq: 2, nil: null }),
    deadlines: fc.array(day, { maxLength: 4 }),
    rule: fc.option(fc.constantFrom(...DEADLINE_RULES), { nil: null }),
    days: fc.integer({ min: 1, max: 400 }),
  })
  .map(({ period, ...rest }) => {
    const [a, b] = period ?? [null, null];
    const ordered = a !== null && b !== null && a > b ? [b, a] : [a, b];
    return { ...rest, periodStart: ordered[0] ?? null, periodEnd: ordered[1] ?? null };
  });

const expenseArb: fc.Arbitrary<Expense> = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  category: fc.constantFrom(...EXPENSE_CATEGORIES),
  serviceDate: day,
  serviceEndDate: fc.option(fc.integer({ min: 0, max: 60 }).map(String), { nil: null }),
  amountCents: fc.integer({ min: 1, max: 500_000 }),
  paidDirectlyBy: fc.option(fc.nat(), { freq: 5, nil: null }),
  // Unbiased picks: fast-check's bias toward 0 would walk most claims the same way.
  claims: fc.array(
    fc.record({
      source: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
      walk: fc.noBias(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 6 })),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const scenarioArb = fc.record({
  sources: fc.array(sourceArb, { minLength: 1, maxLength: 4 }),
  expenses: fc.array(expenseArb, { minLength: 2, maxLength: 12 }),
  period: fc.option(fc.tuple(day, day), { freq: 2, nil: null }),
  today: day,
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

interface ClaimState {
  status: ClaimStatus;
  approvedCents: number | null;
  payments: { amountCents: number; paidOn: string }[];
  submittedOn: string | null;
  moves: { from: ClaimStatus | null; to: ClaimStatus; approvedCents: number | null; on: string }[];
}

/** A claim's life from its walk: each number picks a legal move (or a payment), as the claims service allows them. */
function walkClaim(amountCents: number, walk: number[], today: string): ClaimState {
  const state: ClaimState = { status: 'draft', approvedCents: null, payments: [], submittedOn: null, moves: [] };
  state.moves.push({ from: null, to: 'draft', approvedCents: null, on: today });
  for (const [index, pick] of walk.entries()) {
    const paid = state.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
    const canPay = (state.status === 'approved' || state.status === 'partially-paid') && paid < (state.approvedCents ?? 0);
    const moves = state.payments.length > 0 ? [] : CLAIM_MOVES[state.status];
    // Withdrawing ends the walk: one pick in five, so most claims go further.
    const onward = [...moves.filter((move) => move !== 'withdrawn'), ...(canPay ? (['pay'] as const) : [])];
    const withdraw = moves.includes('withdrawn') && (onward.length === 0 || pick % 5 === 0);
    if (!withdraw && onward.length === 0) break;
    const choice = withdraw ? 'withdrawn' : (onward[Math.floor(pick / 5) % onward.length] as ClaimStatus | 'pay');
    // Days before today: some submissions are past the no-answer limit, some not.
    const on = addDays(today, -((pick * 7 + index) % 90));
    if (choice === 'pay') {
      const left = (state.approvedCents ?? 0) - paid;
      // One payment in three settles the rest.
      const payment = pick % 3 === 0 ? left : 1 + (pick % left);
      state.payments.push({ amountCents: payment, paidOn: on });
      const to = paid + payment === state.approvedCents ? 'paid' : 'partially-paid';
      if (to !== state.status) state.moves.push({ from: state.status, to, approvedCents: null, on });
      state.status = to;
      continue;
    }
    const approvedCents = choice === 'approved' ? pick % (amountCents + 1) : null;
    state.moves.push({ from: state.status, to: choice, approvedCents, on });
    if (choice === 'approved') state.approvedCents = approvedCents;
    if (choice === 'submitted' || choice === 'appealed') state.submittedOn = on;
    state.status = choice;
  }
  return state;
}

interface Inserted {
  sources: { id: number; name: string; kind: string; source: Source }[];
  expenses: { id: number; expense: Expense; paidDirectlyBy: number | null }[];
  claims: { id: number; expenseIndex: number; sourceId: number; amountCents: number; state: ClaimState }[];
}

async function insertScenario(
  server: TestServer,
  childId: number,
  userId: string,
  scenario: Omit<Scenario, 'today'>,
  today: string,
): Promise<Inserted> {
  const db = server.db;
  const inserted: Inserted = { sources: [], expenses: [], claims: [] };
  for (const [index, source] of scenario.sources.entries()) {
    const row = await db
      .insertInto('fundingSources')
      .values({
        childId,
        kind: 'esa',
        name: `Source ${index + 1}`,
        currency: source.currency,
        awardCents: source.awardCents,
        periodStart: source.periodStart,
        periodEnd: source.periodEnd,
        deadlines: source.deadlines,
        deadlineRule: source.rule,
        deadlineDays: source.rule === 'days-after-service' ? source.days : null,
        createdBy: userId,
      })
      .returning(['id', 'name', 'kind'])
      .executeTakeFirstOrThrow();
    inserted.sources.push({ ...row, source });
  }
  for (const [expenseIndex, expense] of scenario.expenses.entries()) {
    const paidDirectlyBy = expense.paidDirectlyBy === null ? null : inserted.sources[expense.paidDirectlyBy % inserted.sources.length]!.id;
    const serviceEndDate = expense.serviceEndDate === null ? null : addDays(expense.serviceDate, Number(expense.serviceEndDate));
    const row = await db
      .insertInto('expenses')
      .values({
        childId,
        provider: `Provider ${expenseIndex}`,
        category: expense.category,
        serviceDate: expense.serviceDate,
        serviceEndDate,
        amountCents: expense.amountCents,
        currency: expense.currency,
        paidDirectlyBy,
        createdBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    inserted.expenses.push({ id: row.id, expense: { ...expense, serviceEndDate }, paidDirectlyBy });
    if (paidDirectlyBy !== null) continue;
    // Each claim asks a share of what the others leave, as the claims service allows.
    let left = expense.amountCents;
    for (const claim of expense.claims) {
      if (left <= 0) break;
      const amountCents = Math.max(1, Math.floor((left * claim.share) / 100));
      const state = walkClaim(amountCents, claim.walk, today);
      const takes =
        state.status === 'denied' || state.status === 'withdrawn'
          ? 0
          : state.status === 'approved' || state.status === 'partially-paid' || state.status === 'paid'
            ? (state.approvedCents ?? 0)
            : amountCents;
      left -= takes;
      const sourceId = inserted.sources[claim.source % inserted.sources.length]!.id;
      const claimRow = await db
        .insertInto('claims')
        .values({
          childId,
          expenseId: row.id,
          fundingSourceId: sourceId,
          amountCents,
          status: state.status,
          approvedCents: state.approvedCents,
          paidCents: state.payments.reduce((sum, payment) => sum + payment.amountCents, 0),
          submittedOn: state.submittedOn,
          createdBy: userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('claimStatusChanges')
        .values(
          state.moves.map((move) => ({
            claimId: claimRow.id,
            childId,
            fromStatus: move.from,
            toStatus: move.to,
            approvedCents: move.approvedCents,
            happenedOn: move.on,
            createdBy: userId,
          })),
        )
        .execute();
      if (state.payments.length > 0) {
        await db
          .insertInto('claimPayments')
          .values(state.payments.map((payment) => ({ claimId: claimRow.id, childId, ...payment, createdBy: userId })))
          .execute();
      }
      inserted.claims.push({ id: claimRow.id, expenseIndex, sourceId, amountCents, state });
    }
  }
  return inserted;
}

/** Decision 0103's summary, summed in plain TypeScript over what was inserted. */
function expectedSummary(inserted: Inserted, from: string, to: string, today: string): ReimbursementSummary {
  const inWindow = (date: string, source: Source) =>
    date >= from &&
    date <= to &&
    (source.periodStart === null || date >= source.periodStart) &&
    (source.periodEnd === null || date <= source.periodEnd);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const noAnswerBefore = addDays(today, -CLAIM_NO_ANSWER_DAYS);
  const monthEnd = (iso: string) => {
    const date = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + 1);
    return addDays(date.toISOString().slice(0, 10), -1);
  };
  const quarterEnd = (iso: string) =>
    monthEnd(`${iso.slice(0, 4)}-${String(Math.ceil(Number(iso.slice(5, 7)) / 3) * 3).padStart(2, '0')}-01`);

  const fundingSources = inserted.sources.map(({ id, name, kind, source }) => {
    const claims = inserted.claims.filter(
      (claim) => claim.sourceId === id && inWindow(inserted.expenses[claim.expenseIndex]!.expense.serviceDate, source),
    );
    const direct = sum(
      inserted.expenses
        .filter((entry) => entry.paidDirectlyBy === id && inWindow(entry.expense.serviceDate, source))
        .map((entry) => entry.expense.amountCents),
    );
    const asked = (statuses: ClaimStatus[]) =>
      sum(claims.filter((claim) => statuses.includes(claim.state.status)).map((claim) => claim.amountCents));
    const approved =
      sum(
        claims
          .filter((claim) => ['approved', 'partially-paid', 'paid'].includes(claim.state.status))
          .map((claim) => claim.state.approvedCents ?? 0),
      ) + direct;
    const pending = asked(['submitted', 'appealed']);
    const drafts = claims.filter((claim) => claim.state.status === 'draft');
    const candidates = [
      ...source.deadlines,
      ...(source.rule === 'monthly' ? [monthEnd(today)] : []),
      ...(source.rule === 'quarterly' ? [quarterEnd(today)] : []),
      ...(source.rule === 'days-after-service'
        ? drafts.map((claim) => {
            const expense = inserted.expenses[claim.expenseIndex]!.expense;
            return addDays(expense.serviceEndDate ?? expense.serviceDate, source.days);
          })
        : []),
    ]
      .filter((date) => date >= today)
      .sort();
    const draftExpenses = [...new Set(drafts.map((claim) => inserted.expenses[claim.expenseIndex]!.id))].sort((a, b) => a - b);
    return {
      id,
      name,
      kind: kind as 'esa',
      currency: source.currency,
      awardCents: source.awardCents,
      claimedCents: sum(claims.filter((claim) => claim.state.status !== 'withdrawn').map((claim) => claim.amountCents)) + direct,
      pendingCents: pending,
      approvedCents: approved,
      paidCents: sum(claims.flatMap((claim) => claim.state.payments.map((payment) => payment.amountCents))) + direct,
      deniedCents: asked(['denied']),
      remainingCents: source.awardCents === null ? null : source.awardCents - approved - pending,
      nextDeadline:
        candidates[0] === undefined
          ? null
          : { date: candidates[0], expenseIds: draftExpenses, toSubmitCents: sum(drafts.map((claim) => claim.amountCents)) },
      noAnswerClaims: claims.filter(
        (claim) => ['submitted', 'appealed'].includes(claim.state.status) && (claim.state.submittedOn as string) < noAnswerBefore,
      ).length,
    };
  });

  const outOfPocket: ReimbursementSummary['outOfPocket'] = [];
  for (const currency of [...CURRENCIES].sort()) {
    const byCategory = EXPENSE_CATEGORIES.flatMap((category) => {
      const expenses = inserted.expenses.filter(
        (entry) =>
          entry.paidDirectlyBy === null &&
          entry.expense.currency === currency &&
          entry.expense.category === category &&
          entry.expense.serviceDate >= from &&
          entry.expense.serviceDate <= to,
      );
      if (expenses.length === 0) return [];
      const paidBack = sum(
        inserted.claims
          .filter((claim) => expenses.some((entry) => entry === inserted.expenses[claim.expenseIndex]))
          .flatMap((claim) => claim.state.payments.map((payment) => payment.amountCents)),
      );
      return [{ category, totalCents: sum(expenses.map((entry) => entry.expense.amountCents)) - paidBack }];
    });
    if (byCategory.length > 0) outOfPocket.push({ currency, totalCents: sum(byCategory.map((entry) => entry.totalCents)), byCategory });
  }
  return { from, to, fundingSources, outOfPocket };
}

describe.each(ENGINES)('the reimbursement summary against a plain sum (%s)', (engine) => {
  let server: TestServer;
  let parent: Awaited<ReturnType<typeof signUpParentWithChild>>;
  /** The services on a stopped clock each case sets: deadlines and the no-answer flag count from its day. */
  let services: ReturnType<typeof servicesLike>;
  let now = noonOf(TODAY);

  beforeAll(async () => {
    server = await startTestServer({ engine });
    parent = await signUpParentWithChild(server);
    services = servicesLike(server, { now: () => now });
  });
  afterAll(() => server?.close());

  it('per funding source and out of pocket, for random funders, expenses, status histories, payments and periods', async () => {
    const caller = callerFor(services, parent.userId);
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        // A child of its own per run: nothing of an earlier run is counted.
        const child = await server.db
          .insertInto('children')
          .values({ ownerId: parent.userId, firstName: 'Run', dateOfBirth: '2016-05-02' })
          .returning('id')
          .executeTakeFirstOrThrow();
        now = noonOf(scenario.today);
        const inserted = await insertScenario(server, child.id, parent.userId, scenario, scenario.today);
        const year = scenario.today.slice(0, 4);
        const [from, to] = scenario.period === null ? [`${year}-01-01`, `${year}-12-31`] : [...scenario.period].sort();
        const answer = await caller.reimbursements.summary({
          childId: child.id,
          period: scenario.period === null ? undefined : { from: from as string, to: to as string },
        });
        expect(answer).toEqual(expectedSummary(inserted, from as string, to as string, scenario.today));
      }),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);

  it('deadlines(): the sources whose next deadline has draft claims waiting, and the unanswered claims, over all time', async () => {
    now = noonOf(TODAY);
    const child = await server.db
      .insertInto('children')
      .values({ ownerId: parent.userId, firstName: 'Deadlines', dateOfBirth: '2016-05-02' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const scenario = {
      sources: [
        { currency: 'USD', awardCents: 500_000, periodStart: null, periodEnd: null, deadlines: [], rule: 'quarterly', days: 1 },
        { currency: 'USD', awardCents: null, periodStart: null, periodEnd: null, deadlines: ['2026-07-01'], rule: null, days: 1 },
      ] satisfies Source[],
      expenses: [
        // Last year's draft still counts: what is left to submit has no period.
        {
          currency: 'USD',
          category: 'therapy',
          serviceDate: '2025-11-03',
          serviceEndDate: null,
          amountCents: 15_000,
          paidDirectlyBy: null,
          claims: [{ source: 0, share: 100, walk: [] }],
        },
        // Submitted 60 days before today, no answer.
        {
          currency: 'USD',
          category: 'tutoring',
          serviceDate: '2026-03-01',
          serviceEndDate: null,
          amountCents: 9_000,
          paidDirectlyBy: null,
          claims: [{ source: 1, share: 100, walk: [] }],
        },
      ] satisfies Expense[],
      period: null,
    };
    const inserted = await insertScenario(server, child.id, parent.userId, scenario, TODAY);
    const submitted = inserted.claims[1]!;
    await server.db
      .updateTable('claims')
      .set({ status: 'submitted', submittedOn: addDays(TODAY, -60) })
      .where('id', '=', submitted.id)
      .execute();
    const scope = await services.children.scope(parent.userId, child.id, 'viewer', true);
    expect(await services.reimbursements.deadlines(scope)).toEqual({
      upcoming: [
        {
          fundingSourceId: inserted.sources[0]!.id,
          name: 'Source 1',
          date: '2026-06-30',
          expenseIds: [inserted.expenses[0]!.id],
          toSubmitCents: 15_000,
          currency: 'USD',
        },
      ],
      unanswered: [{ fundingSourceId: inserted.sources[1]!.id, name: 'Source 2', claims: 1 }],
    });
    // The day after the quarter's end, the next one.
    expect((await services.reimbursements.deadlines(scope, '2026-07-01')).upcoming.map((entry) => entry.date)).toEqual(['2026-09-30']);
  });
});
