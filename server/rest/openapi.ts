import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error.ts';
import {
  authResultSchema,
  METADATA_LIMITS,
  metadataUpdateSchema,
  signInSchema,
  signUpSchema,
  tokenResultSchema,
  userSchema,
} from '#shared/schemas/account.ts';
import { childCreateSchema, childSchema, childUpdateSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import { contactMessageSchema, contactReceiptSchema } from '#shared/schemas/contact.ts';
import { activitySchema } from '#shared/schemas/activity.ts';
import { clerkConfigSchema, featureFlagsResponseSchema } from '#shared/schemas/config.ts';
import { dashboardStatsSchema } from '#shared/schemas/dashboard.ts';
import {
  goalCreateSchema,
  goalDetailSchema,
  goalSchema,
  goalUpdateSchema,
  progressEntryCreateSchema,
  progressEntrySchema,
  progressEntryUpdateSchema,
} from '#shared/schemas/goal.ts';
import { generationResultSchema, milestoneCreateSchema, milestoneSchema, milestoneUpdateSchema } from '#shared/schemas/milestone.ts';
import { observationCreateSchema, observationSchema, observationUpdateSchema, weeklyTrendSchema } from '#shared/schemas/observation.ts';
import { strategyCreateSchema, strategySchema, strategyUpdateSchema } from '#shared/schemas/strategy.ts';

/** Everything the document names, converted from the shared zod schemas (never written by hand). */
const components = {
  Child: { schema: childSchema, io: 'output' },
  ChildCreate: { schema: childCreateSchema, io: 'input' },
  ChildUpdate: { schema: childUpdateSchema, io: 'input' },
  ChildDeleted: { schema: deletedSchema, io: 'output' },
  FeatureFlags: { schema: featureFlagsResponseSchema, io: 'output' },
  ClerkConfig: { schema: clerkConfigSchema, io: 'output' },
  SignUp: { schema: signUpSchema, io: 'input' },
  SignIn: { schema: signInSchema, io: 'input' },
  AuthResult: { schema: authResultSchema, io: 'output' },
  Token: { schema: tokenResultSchema, io: 'output' },
  User: { schema: userSchema, io: 'output' },
  MetadataUpdate: { schema: metadataUpdateSchema, io: 'input' },
  ContactMessage: { schema: contactMessageSchema, io: 'input' },
  ContactReceipt: { schema: contactReceiptSchema, io: 'output' },
  Observation: { schema: observationSchema, io: 'output' },
  ObservationCreate: { schema: observationCreateSchema, io: 'input' },
  ObservationUpdate: { schema: observationUpdateSchema, io: 'input' },
  WeeklyTrend: { schema: weeklyTrendSchema, io: 'output' },
  Goal: { schema: goalSchema, io: 'output' },
  GoalCreate: { schema: goalCreateSchema, io: 'input' },
  GoalUpdate: { schema: goalUpdateSchema, io: 'input' },
  GoalDetail: { schema: goalDetailSchema, io: 'output' },
  ProgressEntry: { schema: progressEntrySchema, io: 'output' },
  ProgressEntryCreate: { schema: progressEntryCreateSchema.omit({ goalId: true }), io: 'input' },
  ProgressEntryUpdate: { schema: progressEntryUpdateSchema, io: 'input' },
  Strategy: { schema: strategySchema, io: 'output' },
  StrategyCreate: { schema: strategyCreateSchema, io: 'input' },
  StrategyUpdate: { schema: strategyUpdateSchema, io: 'input' },
  Milestone: { schema: milestoneSchema, io: 'output' },
  MilestoneCreate: { schema: milestoneCreateSchema, io: 'input' },
  MilestoneUpdate: { schema: milestoneUpdateSchema, io: 'input' },
  GenerationResult: { schema: generationResultSchema, io: 'output' },
  Activity: { schema: activitySchema, io: 'output' },
  DashboardStats: { schema: dashboardStatsSchema, io: 'output' },
  Error: { schema: apiErrorSchema, io: 'output' },
} as const satisfies Record<string, { schema: z.ZodType; io: 'input' | 'output' }>;

type ComponentName = keyof typeof components;

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName, description: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [String(status), json('Error', ERROR_DESCRIPTIONS[status] ?? 'Error')]));

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `issues` names each field',
  401: 'Missing or invalid bearer token',
  404: 'Not found (including another parent\u2019s child)',
  409: 'Conflict',
  413: 'Body over 1 MB',
  415: 'Body is not JSON',
  429: 'Rate limited; see Retry-After',
  503: 'Database unavailable',
};

const bearer = [{ bearerAuth: [] }];
const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^\\d{1,10}$' },
  description: 'The child\u2019s numeric id',
};

const childIdParameter = {
  name: 'childId',
  in: 'query',
  required: true,
  schema: { type: 'string', pattern: '^\\d{1,10}$' },
  description: 'Which of your children the call is about',
};
const listOf = (name: ComponentName, description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'array', items: ref(name) } } },
});
const body = (name: ComponentName) => ({ required: true, content: { 'application/json': { schema: ref(name) } } });

/** GET list + POST at `base`, PUT + DELETE at `base/{id}`, all scoped by `?childId=`. */
function childCollection(base: string, noun: string, names: { item: ComponentName; create: ComponentName; update: ComponentName }) {
  return {
    [base]: {
      parameters: [childIdParameter],
      get: {
        summary: `List the child's ${noun}s`,
        security: bearer,
        responses: { 200: listOf(names.item, `${noun}s`), ...errors(400, 401, 404) },
      },
      post: {
        summary: `Add a ${noun}`,
        security: bearer,
        requestBody: body(names.create),
        responses: { 201: json(names.item, `The new ${noun}`), ...errors(400, 401, 404, 413, 415) },
      },
    },
    [`${base}/{id}`]: {
      parameters: [childIdParameter, { ...idParameter, description: `The ${noun}'s id` }],
      put: {
        summary: `Change a ${noun}`,
        security: bearer,
        requestBody: body(names.update),
        responses: { 200: json(names.item, `The ${noun}`), ...errors(400, 401, 404, 413, 415) },
      },
      delete: {
        summary: `Delete a ${noun}`,
        security: bearer,
        responses: { 200: json('ChildDeleted', 'Deleted'), ...errors(400, 401, 404) },
      },
    },
  };
}

export function buildOpenApiDocument(options: { builtInAccounts: boolean }) {
  const schemas = Object.fromEntries(
    Object.entries(components).map(([name, { schema, io }]) => [name, z.toJSONSchema(schema, { io, unrepresentable: 'any' })]),
  );
  const paths: Record<string, unknown> = {
    '/api/feature-flags': {
      get: { summary: 'Feature flags, defaults merged with the server\u2019s', responses: { 200: json('FeatureFlags', 'All flags') } },
    },
    '/api/clerk-config': {
      get: {
        summary: 'Sign-in provider configuration',
        responses: { 200: json('ClerkConfig', 'The publishable key, or null with built-in accounts') },
      },
    },
    '/api/children': {
      get: {
        summary: 'List your children',
        security: bearer,
        responses: {
          200: {
            description: 'Children, oldest record first',
            content: { 'application/json': { schema: { type: 'array', items: ref('Child') } } },
          },
          ...errors(401, 503),
        },
      },
      post: {
        summary: 'Add a child',
        security: bearer,
        requestBody: { required: true, content: { 'application/json': { schema: ref('ChildCreate') } } },
        responses: { 201: json('Child', 'The created child'), ...errors(400, 401, 413, 415, 503) },
      },
    },
    '/api/children/{id}': {
      parameters: [idParameter],
      get: { summary: 'One child', security: bearer, responses: { 200: json('Child', 'The child'), ...errors(400, 401, 404, 503) } },
      put: {
        summary: 'Change a child\u2019s details',
        security: bearer,
        requestBody: { required: true, content: { 'application/json': { schema: ref('ChildUpdate') } } },
        responses: { 200: json('Child', 'The updated child'), ...errors(400, 401, 404, 413, 415, 503) },
      },
      delete: {
        summary: 'Delete a child and everything recorded about them',
        security: bearer,
        responses: { 200: json('ChildDeleted', 'Deleted'), ...errors(400, 401, 404, 503) },
      },
    },
    ...childCollection('/api/observations', 'observation', {
      item: 'Observation',
      create: 'ObservationCreate',
      update: 'ObservationUpdate',
    }),
    '/api/observations/trend': {
      parameters: [childIdParameter],
      get: {
        summary: 'Wins and concerns per week for the last 12 weeks',
        security: bearer,
        responses: { 200: json('WeeklyTrend', 'Oldest week first'), ...errors(400, 401, 404) },
      },
    },
    ...childCollection('/api/goals', 'goal', { item: 'Goal', create: 'GoalCreate', update: 'GoalUpdate' }),
    '/api/goals/{id}/progress': {
      parameters: [childIdParameter, { ...idParameter, description: 'The goal\u2019s id' }],
      post: {
        summary: 'Record progress on a goal',
        security: bearer,
        requestBody: body('ProgressEntryCreate'),
        responses: { 201: json('ProgressEntry', 'The entry'), ...errors(400, 401, 404) },
      },
    },
    '/api/goals/{id}/progress/{entryId}': {
      parameters: [
        childIdParameter,
        { ...idParameter, description: 'The goal\u2019s id' },
        { ...idParameter, name: 'entryId', description: 'The progress entry\u2019s id (an entry of that goal)' },
      ],
      put: {
        summary: 'Correct a progress entry: its day, value or note',
        security: bearer,
        requestBody: body('ProgressEntryUpdate'),
        responses: { 200: json('ProgressEntry', 'The entry'), ...errors(400, 401, 404, 413, 415) },
      },
      delete: {
        summary: 'Delete a progress entry',
        security: bearer,
        responses: { 200: json('ChildDeleted', 'Deleted'), ...errors(400, 401, 404) },
      },
    },
    ...childCollection('/api/strategies', 'strategy', { item: 'Strategy', create: 'StrategyCreate', update: 'StrategyUpdate' }),
    ...childCollection('/api/milestones', 'milestone', { item: 'Milestone', create: 'MilestoneCreate', update: 'MilestoneUpdate' }),
    '/api/milestones/generate': {
      parameters: [childIdParameter],
      post: {
        summary: 'Regenerate the roadmap; keeps what the parent added, changed or finished',
        security: bearer,
        responses: { 200: json('GenerationResult', 'What changed'), ...errors(400, 401, 404) },
      },
    },
    '/api/activities': {
      parameters: [childIdParameter],
      get: {
        summary: 'Recent changes to the child\u2019s record',
        security: bearer,
        responses: {
          200: listOf('Activity', 'Newest first; title, occurredAt and recordedOn come from the record as it is now'),
          ...errors(400, 401, 404),
        },
      },
    },
    '/api/dashboard/stats': {
      parameters: [childIdParameter],
      get: {
        summary: 'The dashboard numbers for one child',
        security: bearer,
        responses: { 200: json('DashboardStats', 'Stats'), ...errors(400, 401, 404) },
      },
    },
    '/api/contact': {
      post: {
        summary: 'Send a message to the Trelli team',
        requestBody: { required: true, content: { 'application/json': { schema: ref('ContactMessage') } } },
        responses: { 201: json('ContactReceipt', 'Received'), ...errors(400, 413, 415, 429) },
      },
    },
  };
  Object.assign(paths['/api/goals/{id}'] as object, {
    get: {
      summary: 'A goal with its progress (oldest first) and linked observations',
      security: bearer,
      responses: { 200: json('GoalDetail', 'The goal'), ...errors(400, 401, 404) },
    },
  });
  if (options.builtInAccounts) {
    Object.assign(paths, {
      '/api/auth/sign-up': {
        post: {
          summary: 'Create an account',
          requestBody: { required: true, content: { 'application/json': { schema: ref('SignUp') } } },
          responses: { 201: json('AuthResult', 'Signed up; also sets the session cookie'), ...errors(400, 409, 429) },
        },
      },
      '/api/auth/sign-in': {
        post: {
          summary: 'Sign in',
          requestBody: { required: true, content: { 'application/json': { schema: ref('SignIn') } } },
          responses: { 200: json('AuthResult', 'Signed in; also sets the session cookie'), ...errors(400, 401, 429) },
        },
      },
      '/api/auth/token': {
        post: {
          summary: 'A fresh bearer token from the session cookie',
          responses: {
            200: json('Token', 'A token valid for 10 minutes'),
            204: { description: 'No session cookie: signed out, no token' },
            ...errors(401),
          },
        },
      },
      '/api/auth/sign-out': { post: { summary: 'End the session', responses: { 204: { description: 'Signed out' } } } },
      '/api/auth/me': {
        get: { summary: 'The signed-in user', security: bearer, responses: { 200: json('User', 'The user'), ...errors(401) } },
      },
      '/api/auth/me/metadata': {
        patch: {
          summary: 'Merge into unsafeMetadata (null removes a key)',
          security: bearer,
          requestBody: { required: true, content: { 'application/json': { schema: ref('MetadataUpdate') } } },
          responses: {
            200: json('User', 'The user'),
            ...errors(400, 401),
            413: json('Error', `The merged unsafeMetadata would be over ${METADATA_LIMITS.bytes / 1024} KB of JSON`),
          },
        },
      },
    });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trelli API',
      version: '1.0.0',
      description: 'REST paths for external clients. Errors are always `{"error": {"code", "message", "issues"?}}`.',
    },
    paths,
    components: { schemas, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}
