import type { AnyRouter } from '@trpc/server';
import type { Selectable } from 'kysely';
import type { ActivitySubject } from '#shared/schemas/activity.ts';
import type { Database } from '../db/schema.ts';
import type { RestOperation } from '../rest/operation.ts';
import type { RateLimiters } from '../rest/rate-limits.ts';
import type { FeatureDeps, Services } from '../services.ts';
import type { AccountDataPart } from './account-data.ts';
import type { JobDefinition } from './jobs.ts';
import type { StoredFiles } from './stored-objects.ts';

/**
 * One server feature as the server wires it (decision 0095): everything a central list used to name,
 * declared in the feature's own `<feature>.feature.ts`. server/features.ts lists the definitions, and
 * the services, the tRPC root, the REST operations and the export's parts are derived from that list.
 */
export interface Feature<Name extends string = string, Router extends AnyRouter | undefined = AnyRouter | undefined> {
  /** The router's path in AppRouter (`trpc.goals.*`) and the service's name in Services (`services.goals`). */
  name: Name;
  /** The services this one is built from; they are built first. */
  needs: readonly (keyof Services)[];
  service?: (deps: FeatureDeps, needed: never) => unknown;
  router: Router;
  /** Its REST operations, in the order the OpenAPI document lists them. */
  rest?: (services: Services, limits: RateLimiters, options: RestOptions) => RestOperation[];
  /** Its records in "export everything" and "delete everything" (decision 0053). */
  accountData?: AccountDataPart | ((deps: { files: StoredFiles }) => AccountDataPart);
  /** Its background jobs (decision 0092), given the built services: registered once, from the list. */
  jobs?: (services: Services, deps: FeatureDeps) => JobDefinition[];
  /** How the activity feed names each kind of subject whose rows are its (decision 0102). */
  activityTitles?: readonly ActivityTitle[];
}

/** The columns of `Table` whose values are `Value`s, as kysely spells them. */
type ColumnsOf<Table extends keyof Database, Value> = {
  [Column in keyof Selectable<Database[Table]>]: Selectable<Database[Table]>[Column] extends Value ? Column & string : never;
}[keyof Selectable<Database[Table]>];

/** What the feed shows beside a title, read from the subject's row: the fields of `Activity` they fill. */
interface ActivityShown {
  /** When the observation happened. */
  occurredAt: Date;
  /** The day a progress entry is for. */
  recordedOn: string;
}

/**
 * How the activity feed reads what one kind of subject is called now (decision 0102): the row of
 * `table` with the activity's subject id and child id, and its `title` column (or the first of its
 * `title` columns that is not null), or the `column` of
 * the row of another table that the subject's `by` column points at (a progress entry is named by
 * its goal). The activities feature joins each declaration into its one query.
 */
export interface ActivityTitle {
  subject: ActivitySubject;
  table: keyof Database;
  title: string | readonly string[] | { table: keyof Database; by: string; column: string };
  shows: { [Field in keyof ActivityShown]?: string };
}

/** Declares an ActivityTitle with its tables' columns checked: a misspelt or wrongly typed column does not compile. */
export function activityTitle<const Table extends keyof Database, const From extends keyof Database = never>(title: {
  subject: ActivitySubject;
  table: Table;
  title:
    | ColumnsOf<Table, string>
    // The first of these columns that is not null (a snapshot's title, else its audience).
    | readonly [ColumnsOf<Table, string | null>, ...ColumnsOf<Table, string | null>[]]
    | { table: From; by: ColumnsOf<Table, number>; column: ColumnsOf<From, string> };
  shows?: { [Field in keyof ActivityShown]?: ColumnsOf<Table, ActivityShown[Field]> };
}): ActivityTitle {
  return { ...title, shows: title.shows ?? {} };
}

export interface RestOptions {
  /** The app is served over https: the session cookie is Secure. */
  httpsOrigin?: boolean;
}

/**
 * Declares a feature. `needs` names other services (typed: a name not in Services does not compile),
 * and `service` receives them; a feature with a service augments Services with its type in the same
 * file, so `services.<name>` and `ctx.services.<name>` are typed without a central interface.
 */
export function defineFeature<
  const Name extends string,
  const Needs extends keyof Services = never,
  Router extends AnyRouter | undefined = undefined,
>(feature: {
  name: Name;
  needs?: readonly Needs[];
  service?: (deps: FeatureDeps, needed: Pick<Services, Needs>) => Name extends keyof Services ? Services[Name] : never;
  router?: Router;
  rest?: Feature['rest'];
  accountData?: Feature['accountData'];
  jobs?: Feature['jobs'];
  activityTitles?: Feature['activityTitles'];
}): Feature<Name, Router> {
  return { ...feature, needs: feature.needs ?? [], router: feature.router as Router, service: feature.service as Feature['service'] };
}

/** Each feature's router under its name: AppRouter's shape, with every procedure's types. */
export type RoutersOf<Features extends readonly Feature[]> = {
  [F in Features[number] as F['router'] extends AnyRouter ? F['name'] : never]: Exclude<F['router'], undefined>;
};

export function routersOf<const Features extends readonly Feature[]>(features: Features): RoutersOf<Features> {
  return Object.fromEntries(features.flatMap((feature) => (feature.router ? [[feature.name, feature.router]] : []))) as RoutersOf<Features>;
}
