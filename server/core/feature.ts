import type { AnyRouter } from '@trpc/server';
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
