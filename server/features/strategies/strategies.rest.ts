import { strategyActions } from '#shared/schemas/strategy.ts';
import type { Services } from '../../services.ts';
import { operation, type RestOperation } from '../../rest/operation.ts';
import { writes } from '../../rest/record-operations.ts';

/** The child's strategies for external clients: the same service as the tRPC router (issue 4). */
export function strategiesOperations(services: Services): RestOperation[] {
  const { strategies } = services;
  return [
    operation({
      operationId: 'listStrategies',
      method: 'get',
      path: '/api/strategies',
      tag: 'Strategies',
      summary: 'List the child\u2019s strategies',
      security: 'bearer',
      child: strategyActions.list,
      success: [{ status: 200, description: 'Strategies', body: 'Strategy', list: true }],
      handle: ({ scope }) => strategies.list(scope),
    }),
    ...writes({
      base: '/api/strategies',
      tag: 'Strategies',
      noun: 'strategy',
      item: 'Strategy',
      actions: strategyActions,
      create: { body: 'StrategyCreate', run: strategies.create },
      update: { body: 'StrategyUpdate', run: strategies.update },
      remove: strategies.delete,
    }),
  ];
}
