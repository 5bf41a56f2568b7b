/**
 * Reimbursements (issue 26, decision 0103): funding sources, expenses and the claims on them, over
 * real HTTP and tRPC on each engine. The $150 example end to end, every illegal claim move, payments
 * that never pass the approved amount, the deleting rules, currencies and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, type ClaimStatus } from '#shared/schemas/reimbursement.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, signUpParentWithChild, startTestServer, uploadDocument, type TestServer } from '../helpers/test-server.ts';
import { expectApiError, isoDay } from '../helpers/integration-kit.ts';
import { shareChildren } from '../helpers/caregivers.ts';
import { makeTextPdf } from '../helpers/document-pdfs.ts';
import { clientError, typedClient } from '../helpers/trpc-client.ts';

type Call = Awaited<ReturnType<typeof signUpParentWithChild>>['call'];

/** The moves a parent may make from each status (decision 0103), as the 409's sentence names them. */
const SENTENCES: Record<ClaimStatus, string> = {
  draft: 'A draft claim can move to submitted or withdrawn.',
  submitted: 'A submitted claim can move to approved, denied or withdrawn.',
  approved: 'An approved claim can move to withdrawn.',
  denied: 'A denied claim can move to appealed or withdrawn.',
  appealed: 'An appealed claim can move to approved, denied or withdrawn.',
  'partially-paid': 'A partially paid claim can make no move: its payments move it (delete a payment to move it back).',
  paid: 'A paid claim can make no move: its payments move it (delete a payment to move it back).',
  withdrawn: 'A withdrawn claim can make no move: it is closed.',
};
const ALLOWED: Record<ClaimStatus, ClaimStatus[]> = {
  draft: ['submitted', 'withdrawn'],
  submitted: ['approved', 'denied', 'withdrawn'],
  approved: ['withdrawn'],
  denied: ['appealed', 'withdrawn'],
  appealed: ['approved', 'denied', 'withdrawn'],
  'partially-paid': [],
  paid: [],
  withdrawn: [],
};
const BY_PAYMENTS = 'A claim becomes partially paid or paid by recording its payments, not by a move.';

describe.each(ENGINES)('reimbursements on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  async function family() {
    const parent = await signUpParentWithChild(server);
    const insurance = await parent.call('POST', '/funding-sources', { kind: 'insurance', name: 'Blue Shield' });
    const hsa = await parent.call('POST', '/funding-sources', { kind: 'hsa', name: 'Family HSA' });
    expect([insurance.status, hsa.status]).toEqual([201, 201]);
    return { ...parent, insuranceId: insurance.body.id as number, hsaId: hsa.body.id as number };
  }

  async function addExpense(call: Call, fields: Record<string, unknown> = {}) {
    const response = await call('POST', '/expenses', {
      provider: 'Bright Speech Therapy',
      category: 'therapy',
      serviceDate: isoDay(-10),
      amountCents: 15000,
      ...fields,
    });
    expect(response.status).toBe(201);
    return response.body.id as number;
  }

  async function claim(call: Call, expenseId: number, fundingSourceId: number, amountCents: number) {
    const response = await call('POST', `/expenses/${expenseId}/claims`, { fundingSourceId, amountCents });
    expect(response.status).toBe(201);
    return response.body.id as number;
  }

  async function move(call: Call, claimId: number, body: Record<string, unknown>, status = 200) {
    const response = await call('POST', `/claims/${claimId}/status`, body);
    expect({ status: response.status, body: response.body }).toEqual({ status, body: expect.anything() });
    return response;
  }

  it('the $150 example: insurance asks 150, approves 90 and pays it; the HSA may then ask 60, not 61; out of pocket ends at 0', async () => {
    const f = await family();
    const expenseId = await addExpense(f.call);
    const insuranceClaim = await claim(f.call, expenseId, f.insuranceId, 15000);

    // While insurance asks all of it, nothing is left for the HSA.
    const full = await f.call('POST', `/expenses/${expenseId}/claims`, { fundingSourceId: f.hsaId, amountCents: 1 });
    expect(expectApiError(full, 409, 'CONFLICT').message).toBe(
      'The claims on this expense would ask $150.01 of $150.00: at most $0.00 is left to claim.',
    );

    await move(f.call, insuranceClaim, { status: 'submitted', reference: 'CLM-1' });
    const approved = await move(f.call, insuranceClaim, { status: 'approved', approvedCents: 9000, note: 'Partly covered' });
    expect(approved.body).toMatchObject({ status: 'approved', approvedCents: 9000, paidCents: 0, reference: 'CLM-1' });
    const paid = await f.call('POST', `/claims/${insuranceClaim}/payments`, { amountCents: 9000, paidOn: isoDay(-1), reference: 'EFT 1' });
    expect({ status: paid.status, claim: paid.body }).toMatchObject({ status: 201, claim: { status: 'paid', paidCents: 9000 } });

    const tooMuch = await f.call('POST', `/expenses/${expenseId}/claims`, { fundingSourceId: f.hsaId, amountCents: 6100 });
    expect(expectApiError(tooMuch, 409, 'CONFLICT').message).toBe(
      'The claims on this expense would ask $151.00 of $150.00: at most $60.00 is left to claim.',
    );
    const hsaClaim = await claim(f.call, expenseId, f.hsaId, 6000);
    await move(f.call, hsaClaim, { status: 'submitted' });
    await move(f.call, hsaClaim, { status: 'approved', approvedCents: 6000 });
    await f.call('POST', `/claims/${hsaClaim}/payments`, { amountCents: 6000, paidOn: isoDay(0) });

    const expense = await f.call('GET', `/expenses/${expenseId}`);
    expect(expense.body).toMatchObject({ amountCents: 15000, claimableCents: 0, outOfPocketCents: 0, currency: 'USD' });
    const [first, second] = expense.body.claims;
    expect(first).toMatchObject({ id: insuranceClaim, status: 'paid', approvedCents: 9000, paidCents: 9000, nextStatuses: [] });
    expect(first.history.map((row: { fromStatus: string | null; toStatus: string }) => [row.fromStatus, row.toStatus])).toEqual([
      [null, 'draft'],
      ['draft', 'submitted'],
      ['submitted', 'approved'],
      ['approved', 'paid'],
    ]);
    expect(first.history[2]).toMatchObject({ approvedCents: 9000, note: 'Partly covered', by: { name: expect.any(String), isYou: true } });
    expect(first.payments).toEqual([
      expect.objectContaining({ amountCents: 9000, reference: 'EFT 1', addedBy: expect.objectContaining({ isYou: true }) }),
    ]);
    expect(second).toMatchObject({ id: hsaClaim, status: 'paid', paidCents: 6000 });

    // The audit log names the action and the funder, never an amount or a provider.
    const activities = await f.call('GET', '/activities');
    const text = JSON.stringify(activities.body);
    expect(text).not.toMatch(/Bright Speech|150\.00|15000|9000/);
    expect(activities.body.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['expense.added', 'claim.added', 'claim.status-changed', 'claim.payment-recorded']),
    );
    const claimActivity = activities.body.find((row: { action: string }) => row.action === 'claim.payment-recorded');
    expect(claimActivity).toMatchObject({ subjectType: 'claim', title: 'Family HSA' });
    const expenseActivity = activities.body.find((row: { action: string }) => row.action === 'expense.added');
    expect(expenseActivity).toMatchObject({ subjectType: 'expense', title: 'therapy' });
  });

  it('every illegal move is refused with a sentence naming the moves possible, and leaves the claim as it was', async () => {
    const f = await family();
    const expenseId = await addExpense(f.call, { amountCents: 100_000 });
    const claimIn = async (status: ClaimStatus) => {
      const id = await claim(f.call, expenseId, f.insuranceId, 1000);
      const path: Record<ClaimStatus, Record<string, unknown>[]> = {
        draft: [],
        submitted: [{ status: 'submitted' }],
        approved: [{ status: 'submitted' }, { status: 'approved', approvedCents: 800 }],
        denied: [{ status: 'submitted' }, { status: 'denied' }],
        appealed: [{ status: 'submitted' }, { status: 'denied' }, { status: 'appealed' }],
        'partially-paid': [{ status: 'submitted' }, { status: 'approved', approvedCents: 800 }],
        paid: [{ status: 'submitted' }, { status: 'approved', approvedCents: 800 }],
        withdrawn: [{ status: 'withdrawn' }],
      };
      for (const body of path[status]) await move(f.call, id, body);
      if (status === 'partially-paid' || status === 'paid') {
        // The status each reaches is checked below, with the claim's moves.
        await f.call('POST', `/claims/${id}/payments`, { amountCents: status === 'paid' ? 800 : 300, paidOn: isoDay(0) });
      }
      return id;
    };

    for (const from of CLAIM_STATUSES) {
      const id = await claimIn(from);
      const before = await f.call('GET', `/expenses/${expenseId}`);
      const claimBefore = before.body.claims.find((one: { id: number }) => one.id === id);
      expect(claimBefore).toMatchObject({ status: from, nextStatuses: ALLOWED[from] });
      for (const to of CLAIM_STATUSES.filter((status) => !ALLOWED[from].includes(status))) {
        const refused = await f.call('POST', `/claims/${id}/status`, { status: to, approvedCents: to === 'approved' ? 500 : undefined });
        const expected =
          to === 'withdrawn' && from === 'partially-paid'
            ? 'A claim with a payment cannot be withdrawn: delete its payments first.'
            : to === 'withdrawn' && from === 'paid'
              ? 'A claim with a payment cannot be withdrawn: delete its payments first.'
              : to === 'partially-paid' || to === 'paid'
                ? BY_PAYMENTS
                : SENTENCES[from];
        expect({ from, to, message: expectApiError(refused, 409, 'CONFLICT').message }).toEqual({ from, to, message: expected });
      }
      const after = await f.call('GET', `/expenses/${expenseId}`);
      expect(after.body.claims.find((one: { id: number }) => one.id === id)).toEqual(claimBefore);
    }

    // An approval above the asked amount is refused too.
    const asked = await claimIn('submitted');
    const over = await f.call('POST', `/claims/${asked}/status`, { status: 'approved', approvedCents: 1001 });
    expect(expectApiError(over, 409, 'CONFLICT').message).toBe('The approved amount ($10.01) is more than the claim asked ($10.00).');
    // Only a draft's amount or funder changes.
    const changed = await f.call('PUT', `/claims/${asked}`, { amountCents: 900 });
    expect(expectApiError(changed, 409, 'CONFLICT').message).toBe(
      'Only a draft claim can be changed: this one is submitted. Move it, or withdraw it and add another.',
    );
  });

  it('payments move a claim to partially paid and paid, never past the approved amount, and back when deleted; no withdrawing once paid', async () => {
    const f = await family();
    const trpc = typedClient(server, f.token);
    const expenseId = await addExpense(f.call);
    const id = await claim(f.call, expenseId, f.insuranceId, 15000);
    const early = await f.call('POST', `/claims/${id}/payments`, { amountCents: 100, paidOn: isoDay(0) });
    expect(expectApiError(early, 409, 'CONFLICT').message).toBe('Only an approved claim takes payments: this one is draft.');
    await move(f.call, id, { status: 'submitted' });
    await move(f.call, id, { status: 'approved', approvedCents: 10000 });

    const first = await trpc.claims.addPayment.mutate({ childId: f.childId, id, data: { amountCents: 4000, paidOn: isoDay(-2) } });
    expect(first).toMatchObject({ status: 'partially-paid', paidCents: 4000, nextStatuses: [] });
    const withdraw = await f.call('POST', `/claims/${id}/status`, { status: 'withdrawn' });
    expect(expectApiError(withdraw, 409, 'CONFLICT').message).toBe(
      'A claim with a payment cannot be withdrawn: delete its payments first.',
    );

    const over = await f.call('POST', `/claims/${id}/payments`, { amountCents: 6001, paidOn: isoDay(0) });
    expect(expectApiError(over, 409, 'CONFLICT').message).toBe(
      'This payment would bring the claim to $100.01 paid of $100.00 approved: at most $60.00 is left to pay.',
    );
    const second = await f.call('POST', `/claims/${id}/payments`, { amountCents: 6000, paidOn: isoDay(0) });
    expect(second.body).toMatchObject({ status: 'paid', paidCents: 10000 });
    const more = await f.call('POST', `/claims/${id}/payments`, { amountCents: 1, paidOn: isoDay(0) });
    expect(expectApiError(more, 409, 'CONFLICT').message).toBe('This claim is paid in full: it takes no more payments.');

    const [one, two] = second.body.payments as { id: number }[];
    const back = await f.call('DELETE', `/claims/${id}/payments/${two?.id}`);
    expect(back.body).toMatchObject({ status: 'partially-paid', paidCents: 4000 });
    const none = await trpc.claims.deletePayment.mutate({ childId: f.childId, id, paymentId: one?.id as number });
    expect(none).toMatchObject({ status: 'approved', paidCents: 0, payments: [], nextStatuses: ['withdrawn'] });
    const missing = await f.call('DELETE', `/claims/${id}/payments/${one?.id}`);
    expectApiError(missing, 404, 'NOT_FOUND');
    expect((await f.call('GET', `/expenses/${expenseId}`)).body).toMatchObject({ outOfPocketCents: 15000, claimableCents: 5000 });

    // Withdrawn with no payment, the claim takes nothing: the whole amount is claimable again.
    await move(f.call, id, { status: 'withdrawn' });
    expect((await f.call('GET', `/expenses/${expenseId}`)).body).toMatchObject({ claimableCents: 15000 });
  });

  it('an appeal asks the whole amount again and is refused when it no longer fits; an expense cannot go below what its claims take', async () => {
    const f = await family();
    const expenseId = await addExpense(f.call);
    const denied = await claim(f.call, expenseId, f.insuranceId, 10000);
    await move(f.call, denied, { status: 'submitted', on: isoDay(-60) });
    await move(f.call, denied, { status: 'denied' });
    await claim(f.call, expenseId, f.hsaId, 10000);
    const appeal = await f.call('POST', `/claims/${denied}/status`, { status: 'appealed' });
    expect(expectApiError(appeal, 409, 'CONFLICT').message).toBe(
      'The claims on this expense would ask $200.00 of $150.00: at most $50.00 is left to claim.',
    );
    const lower = await f.call('PUT', `/expenses/${expenseId}`, { amountCents: 9999 });
    expect(expectApiError(lower, 409, 'CONFLICT').message).toBe(
      'The claims on this expense take $100.00: its amount cannot be less than that ($99.99 was asked).',
    );
    const lowered = await f.call('PUT', `/expenses/${expenseId}`, { amountCents: 10000 });
    expect(lowered.body).toMatchObject({ amountCents: 10000, claimableCents: 0 });
  });

  it('two claims sent at once cannot both take the last of an expense', async () => {
    const f = await family();
    const expenseId = await addExpense(f.call);
    const both = await Promise.all([
      f.call('POST', `/expenses/${expenseId}/claims`, { fundingSourceId: f.insuranceId, amountCents: 10000 }),
      f.call('POST', `/expenses/${expenseId}/claims`, { fundingSourceId: f.hsaId, amountCents: 10000 }),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await f.call('GET', `/expenses/${expenseId}`)).body).toMatchObject({ claimableCents: 5000, claims: [expect.anything()] });
  });

  it('flags a claim submitted more than 45 days ago with no answer', async () => {
    const f = await family();
    const expenseId = await addExpense(f.call);
    const old = await claim(f.call, expenseId, f.insuranceId, 5000);
    const recent = await claim(f.call, expenseId, f.hsaId, 5000);
    const flagged = await move(f.call, old, { status: 'submitted', on: isoDay(-46) });
    const fresh = await move(f.call, recent, { status: 'submitted', on: isoDay(-45) });
    expect([flagged.body, fresh.body]).toMatchObject([
      { submittedOn: isoDay(-46), noAnswerFlag: true },
      { submittedOn: isoDay(-45), noAnswerFlag: false },
    ]);
    const answered = await move(f.call, old, { status: 'denied' });
    expect(answered.body).toMatchObject({ noAnswerFlag: false });
  });

  it('claims go only to a funding source of the expense\u2019s currency and of the child, and never on an expense a funder paid directly', async () => {
    const f = await family();
    const euros = await f.call('POST', '/funding-sources', { kind: 'grant', name: 'Stiftung', currency: 'eur' });
    expect(euros.body).toMatchObject({ currency: 'EUR' });
    const expenseId = await addExpense(f.call);
    const mismatch = await f.call('POST', `/expenses/${expenseId}/claims`, { fundingSourceId: euros.body.id, amountCents: 100 });
    expect(expectApiError(mismatch, 409, 'CONFLICT').message).toBe(
      'This expense is in USD and Stiftung pays in EUR: a claim goes to a funding source of the expense\u2019s currency.',
    );
    const other = await family();
    const foreign = await f.call('POST', `/expenses/${expenseId}/claims`, { fundingSourceId: other.insuranceId, amountCents: 100 });
    expectApiError(foreign, 404, 'NOT_FOUND');

    const direct = await addExpense(f.call, { provider: 'ESA marketplace', category: 'curriculum', paidDirectlyBy: f.hsaId });
    const onDirect = await f.call('POST', `/expenses/${direct}/claims`, { fundingSourceId: f.insuranceId, amountCents: 100 });
    expect(expectApiError(onDirect, 409, 'CONFLICT').message).toBe('A funder paid this expense directly, so it takes no claims.');
    expect((await f.call('GET', `/expenses/${direct}`)).body).toMatchObject({ outOfPocketCents: 0, claimableCents: 0 });
    const wrongPayer = await f.call('POST', '/expenses', {
      provider: 'District',
      serviceDate: isoDay(-1),
      amountCents: 100,
      paidDirectlyBy: euros.body.id,
    });
    expectApiError(wrongPayer, 409, 'CONFLICT');
    // An expense with claims cannot be marked paid directly; without them it can.
    await claim(f.call, expenseId, f.insuranceId, 100);
    const withClaims = await f.call('PUT', `/expenses/${expenseId}`, { paidDirectlyBy: f.hsaId });
    expect(expectApiError(withClaims, 409, 'CONFLICT').message).toBe(
      'This expense has claims, and an expense a funder paid directly takes none: remove its claims first.',
    );
  });

  it('a funding source with claims or directly paid expenses is not deleted; one without is', async () => {
    const f = await family();
    const expenseId = await addExpense(f.call);
    await claim(f.call, expenseId, f.insuranceId, 1000);
    await claim(f.call, expenseId, f.insuranceId, 1000);
    await addExpense(f.call, { paidDirectlyBy: f.insuranceId });
    const refused = await f.call('DELETE', `/funding-sources/${f.insuranceId}`);
    expect(expectApiError(refused, 409, 'CONFLICT').message).toBe(
      'This funding source has 2 claims and 1 expense it paid directly: remove or change them before deleting it.',
    );
    const removed = await f.call('DELETE', `/funding-sources/${f.hsaId}`);
    expect(removed.body).toEqual({ id: f.hsaId, deleted: true });
    const list = await f.call('GET', '/funding-sources');
    expect(list.body.map((source: { name: string }) => source.name)).toEqual(['Blue Shield']);
  });

  it('deleting an expense deletes its claims and payments, never its vault document', async () => {
    const f = await family();
    const documentId = await uploadDocument(server, f, 'receipt.pdf', makeTextPdf('Receipt', ['Bright Speech Therapy', 'Total $150.00']));
    const expenseId = await addExpense(f.call, { documentIds: [documentId] });
    expect((await f.call('GET', `/expenses/${expenseId}`)).body.documentIds).toEqual([documentId]);
    const id = await claim(f.call, expenseId, f.insuranceId, 15000);
    await move(f.call, id, { status: 'submitted' });
    await move(f.call, id, { status: 'approved', approvedCents: 15000 });
    await f.call('POST', `/claims/${id}/payments`, { amountCents: 100, paidOn: isoDay(0) });

    const deleted = await f.call('DELETE', `/expenses/${expenseId}`);
    expect(deleted.body).toEqual({ id: expenseId, deleted: true });
    expectApiError(await f.call('GET', `/expenses/${expenseId}`), 404, 'NOT_FOUND');
    expectApiError(await f.call('PUT', `/claims/${id}`, { amountCents: 5 }), 404, 'NOT_FOUND');
    expect((await f.call('GET', `/documents/${documentId}`)).status).toBe(200);
    const rows = await server.db.selectFrom('claimPayments').select('id').where('childId', '=', f.childId).execute();
    expect(rows).toEqual([]);
    // The insurance source is free again.
    expect((await f.call('DELETE', `/funding-sources/${f.insuranceId}`)).status).toBe(200);
  });

  it('links only the child\u2019s documents; proposes from a receipt\u2019s text; remembers each provider\u2019s category and funder', async () => {
    const f = await family();
    const other = await signUpParentWithChild(server);
    const theirs = await uploadDocument(server, other, 'theirs.pdf', makeTextPdf('Theirs', ['Nothing']));
    const foreign = await f.call('POST', '/expenses', { provider: 'X', serviceDate: isoDay(-1), amountCents: 100, documentIds: [theirs] });
    expect(expectApiError(foreign, 400, 'BAD_REQUEST').issues).toEqual([
      { path: 'documentIds.0', message: 'This document is not one of this child\u2019s documents' },
    ]);

    const receipt = await uploadDocument(
      server,
      f,
      'receipt.pdf',
      makeTextPdf('Receipt', ['Bright Speech Therapy', `Date of service: ${isoDay(-3)}`, 'Amount paid: $150.00']),
    );
    await server.services.documents.idle();
    const proposal = await api(server, 'GET', `/api/expense-proposals?childId=${f.childId}&documentId=${receipt}`, { token: f.token });
    expect(proposal.status).toBe(200);
    expect(proposal.body).toMatchObject({ documentId: receipt, hasText: true, amountCents: 15000, serviceDate: isoDay(-3) });
    expectApiError(
      await api(server, 'GET', `/api/expense-proposals?childId=${f.childId}&documentId=${theirs}`, { token: f.token }),
      404,
      'NOT_FOUND',
    );

    const first = await addExpense(f.call, { provider: 'Bright Speech', category: 'therapy', serviceDate: isoDay(-20) });
    await claim(f.call, first, f.insuranceId, 100);
    const latest = await addExpense(f.call, { provider: 'bright speech', category: 'evaluation', serviceDate: isoDay(-5) });
    await claim(f.call, latest, f.insuranceId, 100);
    await claim(f.call, latest, f.hsaId, 100);
    await addExpense(f.call, { provider: 'Tutor Tom', category: 'tutoring' });
    const providers = await api(server, 'GET', `/api/expense-providers?childId=${f.childId}`, { token: f.token });
    expect(providers.body).toEqual([
      { provider: 'bright speech', category: 'evaluation', fundingSourceId: f.hsaId },
      { provider: 'Tutor Tom', category: 'tutoring', fundingSourceId: null },
    ]);
  });

  it('lists expenses newest service first, filtered and paged, with a total', async () => {
    const f = await family();
    const a = await addExpense(f.call, { serviceDate: isoDay(-30), category: 'tutoring' });
    const b = await addExpense(f.call, { serviceDate: isoDay(-20) });
    const c = await addExpense(f.call, { serviceDate: isoDay(-10) });
    const submitted = await claim(f.call, b, f.hsaId, 100);
    await move(f.call, submitted, { status: 'submitted' });
    await claim(f.call, c, f.insuranceId, 100);
    const get = (query: string) => api(server, 'GET', `/api/expenses?childId=${f.childId}${query}`, { token: f.token });
    const ids = async (query: string) => {
      const response = await get(query);
      return { total: response.body.total, ids: response.body.items.map((item: { id: number }) => item.id) };
    };
    expect(await ids('')).toEqual({ total: 3, ids: [c, b, a] });
    expect(await ids('&limit=1&offset=1')).toEqual({ total: 3, ids: [b] });
    expect(await ids('&category=tutoring')).toEqual({ total: 1, ids: [a] });
    expect(await ids(`&fundingSourceId=${f.hsaId}`)).toEqual({ total: 1, ids: [b] });
    expect(await ids('&status=submitted')).toEqual({ total: 1, ids: [b] });
    expect(await ids(`&from=${isoDay(-25)}&to=${isoDay(-15)}`)).toEqual({ total: 1, ids: [b] });
    const trpc = typedClient(server, f.token);
    const page = await trpc.expenses.list.query({ childId: f.childId, filter: { status: 'draft' } });
    expect(page.items.map((item) => item.id)).toEqual([c]);
  });

  it('roles: a viewer reads and is refused writes; an updater adds, moves and pays but does not delete; owners delete', async () => {
    const f = await family();
    const expenseId = await addExpense(f.call);
    const claimId = await claim(f.call, expenseId, f.insuranceId, 1000);
    const viewer = await signUpParent(server);
    const updater = await signUpParent(server);
    await shareChildren(server.services, f.userId, viewer.userId, 'viewer', [f.childId], viewer.email);
    await shareChildren(server.services, f.userId, updater.userId, 'updater', [f.childId], updater.email);
    const as = (token: string) => (method: string, path: string, json?: unknown) =>
      api(server, method, `/api${path}?childId=${f.childId}`, { token, json });
    const asViewer = as(viewer.token);
    const asUpdater = as(updater.token);

    expect((await asViewer('GET', '/funding-sources')).status).toBe(200);
    expect((await asViewer('GET', `/expenses/${expenseId}`)).body.claims).toHaveLength(1);
    for (const [method, path, body] of [
      ['POST', '/funding-sources', { kind: 'esa', name: 'ESA' }],
      ['POST', '/expenses', { provider: 'X', serviceDate: isoDay(-1), amountCents: 100 }],
      ['PUT', `/expenses/${expenseId}`, { notes: 'x' }],
      ['POST', `/expenses/${expenseId}/claims`, { fundingSourceId: f.hsaId, amountCents: 100 }],
      ['POST', `/claims/${claimId}/status`, { status: 'submitted' }],
      ['DELETE', `/claims/${claimId}`, undefined],
    ] as const) {
      expectApiError(await asViewer(method, path, body), 403, 'FORBIDDEN');
    }

    const added = await asUpdater('POST', '/expenses', { provider: 'Y', serviceDate: isoDay(-1), amountCents: 500 });
    expect(added.status).toBe(201);
    const updaterClaim = await asUpdater('POST', `/expenses/${added.body.id}/claims`, { fundingSourceId: f.hsaId, amountCents: 500 });
    expect(updaterClaim.body.addedBy).toMatchObject({ isYou: true });
    expect((await asUpdater('POST', `/claims/${updaterClaim.body.id}/status`, { status: 'submitted' })).status).toBe(200);
    expectApiError(await asUpdater('POST', '/funding-sources', { kind: 'esa', name: 'ESA' }), 403, 'FORBIDDEN');
    expectApiError(await asUpdater('DELETE', `/claims/${claimId}`), 403, 'FORBIDDEN');
    expectApiError(await asUpdater('DELETE', `/expenses/${expenseId}`), 403, 'FORBIDDEN');
    const trpcUpdater = typedClient(server, updater.token);
    const refused = await clientError(trpcUpdater.expenses.delete.mutate({ childId: f.childId, id: expenseId }));
    expect(refused.data?.code).toBe('FORBIDDEN');

    expect((await f.call('DELETE', `/claims/${claimId}`)).body).toEqual({ id: claimId, deleted: true });
    expect((await f.call('DELETE', `/expenses/${expenseId}`)).status).toBe(200);
  });

  it('keeps each funder\u2019s next deadline on the roadmap as funders and claims change', async () => {
    const f = await family();
    const esa = await f.call('POST', '/funding-sources', { kind: 'esa', name: 'State ESA', deadlines: [isoDay(20)] });
    // Deadlines are days ('YYYY-MM-DD', in order) on both drivers, in every answer.
    const changed = await f.call('PUT', `/funding-sources/${esa.body.id}`, { deadlines: [isoDay(90), isoDay(20)] });
    expect([esa.body.deadlines, changed.body.deadlines]).toEqual([[isoDay(20)], [isoDay(20), isoDay(90)]]);
    expect((await f.call('GET', '/funding-sources')).body.find((source: { id: number }) => source.id === esa.body.id).deadlines).toEqual([
      isoDay(20),
      isoDay(90),
    ]);
    const deadlineOf = async () =>
      ((await f.call('GET', '/milestones')).body as { title: string; dueDate: string; whatToDo: string }[]).filter(
        (milestone) => milestone.title === 'Submit expenses to State ESA',
      );
    expect(await deadlineOf()).toEqual([expect.objectContaining({ dueDate: isoDay(20) })]);
    const expenseId = await addExpense(f.call);
    await claim(f.call, expenseId, esa.body.id, 5000);
    expect((await deadlineOf())[0]?.whatToDo).toContain('1 expense waits to be submitted ($50.00)');
    await f.call('DELETE', `/expenses/${expenseId}`);
    await f.call('DELETE', `/funding-sources/${esa.body.id}`);
    expect(await deadlineOf()).toEqual([]);
  });

  it('deleting the child takes every reimbursement row with it', async () => {
    const f = await family();
    const receipt = await uploadDocument(server, f, 'receipt.pdf', makeTextPdf('Receipt', ['Total $150.00']));
    const expenseId = await addExpense(f.call, { documentIds: [receipt] });
    const links = () => server.db.selectFrom('expenseDocuments').select('documentId').where('childId', '=', f.childId).execute();
    expect(await links()).toEqual([{ documentId: receipt }]);
    const id = await claim(f.call, expenseId, f.insuranceId, 15000);
    await move(f.call, id, { status: 'submitted' });
    await move(f.call, id, { status: 'approved', approvedCents: 100 });
    await f.call('POST', `/claims/${id}/payments`, { amountCents: 100, paidOn: isoDay(0) });
    await addExpense(f.call, { paidDirectlyBy: f.hsaId });
    const response = await api(server, 'DELETE', `/api/children/${f.childId}`, { token: f.token });
    expect(response.status).toBe(200);
    for (const table of ['fundingSources', 'expenses', 'claims', 'claimStatusChanges', 'claimPayments'] as const) {
      expect(await server.db.selectFrom(table).select('id').where('childId', '=', f.childId).execute()).toEqual([]);
    }
    expect(await links()).toEqual([]);
  });
});
