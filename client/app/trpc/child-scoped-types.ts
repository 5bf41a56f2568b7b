import type {
  AnyTRPCProcedure,
  AnyTRPCRouter,
  TRPCBuiltRouter,
  TRPCMutationProcedure,
  TRPCQueryProcedure,
  TRPCRouterRecord,
  TRPCSubscriptionProcedure,
} from '@trpc/server';
import type { ChildScopedRouter } from '../../lib/child-scope.ts';

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * `{childId: number; from?: string}` becomes `{childId?: number; from?: string}`, and when nothing
 * else is required the input may be left out altogether; inputs without a childId stay as they are.
 */
export type WithOptionalChildId<TInput> = TInput extends { childId: infer TChildId }
  ? {} extends Omit<TInput, 'childId'>
    ? Simplify<Omit<TInput, 'childId'> & { childId?: TChildId }> | undefined
    : Simplify<Omit<TInput, 'childId'> & { childId?: TChildId }>
  : TInput;

type ProcedureDef<P extends AnyTRPCProcedure> = {
  meta: P['meta'];
  input: WithOptionalChildId<P['_def']['$types']['input']>;
  output: P['_def']['$types']['output'];
};

type ScopeProcedure<P extends AnyTRPCProcedure> = P['_def']['type'] extends 'query'
  ? TRPCQueryProcedure<ProcedureDef<P>>
  : P['_def']['type'] extends 'mutation'
    ? TRPCMutationProcedure<ProcedureDef<P>>
    : TRPCSubscriptionProcedure<ProcedureDef<P>>;

type ScopeRecord<R> = {
  [K in keyof R]: R[K] extends AnyTRPCProcedure ? ScopeProcedure<R[K]> : R[K] extends TRPCRouterRecord ? ScopeRecord<R[K]> : R[K];
};

type ClientRecord<R> = {
  [K in keyof R]: K extends ChildScopedRouter ? ScopeRecord<R[K]> : R[K];
};

/**
 * The server's router as the browser sees it: in the child-scoped routers (CHILD_SCOPED_ROUTERS),
 * `childId` is optional in every input, because childIdLink fills it in from the selected child.
 * A type only; at run time the same router answers. See docs/decisions/0006-child-id-link.md.
 */
export type WithChildIdInjected<TRouter extends AnyTRPCRouter> = TRPCBuiltRouter<
  TRouter['_def']['_config']['$types'],
  ClientRecord<TRouter['_def']['record']>
>;
