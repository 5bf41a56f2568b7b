import { strategyActions } from '#shared/schemas/strategy.ts';
import type { Services } from '../../services.ts';
import type { RestOperation } from '../../rest/operation.ts';
import { listOperation, writes } from '../../rest/record-operations.ts';

const strategyRecords = {
  base: '/api/strategies',
  tag: 'Strategies',
  noun: 'strategy',
  plural: 'strategies',
  item: 'Strategy',
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
      create: { body: 'StrategyCreate', run: strategies.create },
      update: { body: 'StrategyUpdate', run: strategies.update },
      remove: strategies.delete,
    }),
  ];
}
