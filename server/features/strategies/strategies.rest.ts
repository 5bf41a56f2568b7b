import { strategyActions, strategyCreateSchema, strategySchema, strategyUpdateSchema } from '#shared/schemas/strategy.ts';
import type { Services } from '../../services.ts';
import { named, type RestOperation } from '../../rest/operation.ts';
import { listOperation, writes } from '../../rest/record-operations.ts';

const bodies = named({
  Strategy: strategySchema,
  StrategyCreate: strategyCreateSchema,
  StrategyUpdate: strategyUpdateSchema,
});
const tag = { name: 'Strategies', description: 'What helps the child' };

const strategyRecords = {
  base: '/api/strategies',
  tag,
  noun: 'strategy',
  plural: 'strategies',
  item: bodies.Strategy,
  actions: strategyActions,
} as const;

/** The child's strategies for external clients: the same service as the tRPC router (issue 4). */
export function strategiesOperations(services: Services): RestOperation[] {
  const { strategies } = services;
  return [
    listOperation(strategyRecords, {
      summary: 'List the child\u2019s strategies',
      run: strategies.list,
    }),
    ...writes({
      ...strategyRecords,
      create: { body: bodies.StrategyCreate, run: strategies.create },
      update: { body: bodies.StrategyUpdate, run: strategies.update },
      remove: strategies.delete,
    }),
  ];
}
