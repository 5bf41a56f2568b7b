import { dashboardActions, dashboardStatsSchema } from '#shared/schemas/dashboard.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';

const bodies = named({
  DashboardStats: dashboardStatsSchema,
});
const tag = { name: 'Dashboard', description: 'Summaries of the child\u2019s record' };

/** The dashboard numbers for external clients: the same service as the tRPC router (issue 4). */
export function dashboardOperations(services: Services): RestOperation[] {
  const { dashboard } = services;
  return [
    operation({
      operationId: 'getDashboardStats',
      method: 'get',
      path: '/api/dashboard/stats',
      tag,
      summary: 'The dashboard numbers for one child',
      security: 'bearer',
      child: dashboardActions.viewStats,
      success: [{ status: 200, description: 'Stats', body: bodies.DashboardStats }],
      handle: ({ scope }) => dashboard.stats(scope),
    }),
  ];
}
