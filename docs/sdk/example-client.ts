/**
 * A Trelli client outside the repository: openapi-fetch with the generated types in ./trelli-api.ts.
 * Copy both files into your project (`npm install openapi-fetch`), or run this one as it is:
 *
 *   node docs/sdk/example-client.ts http://localhost:3000 [email] [password]
 *
 * It signs up (or, when the email is taken, signs in) with built-in accounts, adds a child and a goal,
 * records an observation as evidence for the goal, lists the child's observations, reads the goal with
 * its evidence and the dashboard numbers.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './trelli-api.ts';

type ApiErrorBody = components['schemas']['Error'];

/** A documented error answer: `{"error": {"code", "message", "issues"?}}` and its HTTP status. */
export class TrelliApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorBody['error']['code'];
  readonly issues: NonNullable<ApiErrorBody['error']['issues']>;

  constructor(status: number, body: ApiErrorBody) {
    super(`${status} ${body.error.code}: ${body.error.message}`);
    this.name = 'TrelliApiError';
    this.status = status;
    this.code = body.error.code;
    this.issues = body.error.issues ?? [];
  }
}

/** The data of a successful answer, or a TrelliApiError built from the documented error body. */
function ok<T>(result: { data?: T; error?: ApiErrorBody; response: Response }): T {
  if (result.error !== undefined) throw new TrelliApiError(result.response.status, result.error);
  if (result.data === undefined) throw new Error(`${result.response.status}: the answer has no body`);
  return result.data;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface ExampleReport {
  userId: string;
  childId: number;
  goalId: number;
  observationId: number;
  /** What GET /api/observations listed, newest first. */
  observations: { id: number; what: string }[];
  /** The ids of the observations GET /api/goals/{id} gives as the goal's evidence. */
  goalEvidence: number[];
  observationsThisWeek: number;
}

/** The example's steps against a running Trelli server; what it did, for the caller to print or check. */
export async function runExample(baseUrl: string, credentials: Credentials): Promise<ExampleReport> {
  const client = createClient<paths>({ baseUrl });

  // Built-in accounts: a new account answers 201, an email already in use 409; then sign in instead.
  const signUp = await client.POST('/api/auth/sign-up', { body: credentials });
  const auth = signUp.response.status === 409 ? ok(await client.POST('/api/auth/sign-in', { body: credentials })) : ok(signUp);

  // Every later call sends the bearer token (valid for 10 minutes: sign in again for a fresh one).
  client.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${auth.token}`);
      return request;
    },
  });

  const child = ok(await client.POST('/api/children', { body: { firstName: 'Maya', dateOfBirth: '2016-05-02' } }));
  // The child's record is addressed with ?childId= on every path.
  const query = { childId: child.id };

  const goal = ok(await client.POST('/api/goals', { params: { query }, body: { area: 'reading', title: 'Read a page aloud' } }));
  const observation = ok(
    await client.POST('/api/observations', {
      params: { query },
      body: { what: 'Read a whole page aloud without help', isWin: true, setting: 'school', goalId: goal.id },
    }),
  );
  const observations = ok(await client.GET('/api/observations', { params: { query } }));
  const detail = ok(await client.GET('/api/goals/{id}', { params: { query, path: { id: goal.id } } }));
  const stats = ok(await client.GET('/api/dashboard/stats', { params: { query } }));

  return {
    userId: auth.user.id,
    childId: child.id,
    goalId: goal.id,
    observationId: observation.id,
    observations: observations.map(({ id, what }) => ({ id, what })),
    goalEvidence: detail.evidence.map(({ id }) => id),
    observationsThisWeek: stats.observations.thisWeek,
  };
}

if (import.meta.main) {
  const [baseUrl, email = 'sdk-example@example.com', password = 'a long enough password'] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('Usage: node docs/sdk/example-client.ts <base URL> [email] [password]');
    process.exit(2);
  }
  try {
    console.log(JSON.stringify(await runExample(baseUrl, { email, password }), null, 2));
  } catch (error) {
    if (!(error instanceof TrelliApiError)) throw error;
    console.error(error.message, ...error.issues.map((issue) => `\n  ${issue.path}: ${issue.message}`));
    process.exit(1);
  }
}
