import {
  generationResultSchema,
  milestoneActions,
  milestoneCreateSchema,
  milestoneRangeSchema,
  milestoneSchema,
  milestoneUpdateSchema,
} from '#shared/schemas/milestone.ts';
import type { Services } from '../../services.ts';
import { named, operation, queryForm, type RestOperation } from '../../rest/operation.ts';
import { listOperation, writes } from '../../rest/record-operations.ts';

const bodies = named({
  Milestone: milestoneSchema,
  GenerationResult: generationResultSchema,
  MilestoneCreate: milestoneCreateSchema,
  MilestoneUpdate: milestoneUpdateSchema,
});
const tag = { name: 'Roadmap', description: 'Milestones: reviews, evaluations and the parent\u2019s own' };

const milestoneQuery = queryForm(milestoneRangeSchema);
const milestoneRecords = {
  base: '/api/milestones',
  tag,
  noun: 'milestone',
  item: bodies.Milestone,
  actions: milestoneActions,
} as const;

/** The child's roadmap for external clients: the same service as the tRPC router (issue 4). */
export function milestonesOperations(services: Services): RestOperation[] {
  const { milestones } = services;
  return [
    listOperation(milestoneRecords, {
      summary: 'The child\u2019s roadmap: milestones by due date',
      description: '`from` and `to` keep milestones due in that range (both days included).',
      query: milestoneQuery,
      run: milestones.list,
    }),
    operation({
      operationId: 'regenerateRoadmap',
      method: 'post',
      path: '/api/milestones/generate',
      tag,
      summary: 'Regenerate the roadmap; keeps what the parent added, changed or finished',
      security: 'bearer',
      child: milestoneActions.regenerate,
      success: [{ status: 200, description: 'What changed', body: bodies.GenerationResult }],
      handle: ({ scope }) => milestones.generate(scope),
    }),
    ...writes({
      ...milestoneRecords,
      create: { body: bodies.MilestoneCreate, run: milestones.create },
      update: { body: bodies.MilestoneUpdate, run: milestones.update },
      remove: milestones.delete,
    }),
  ];
}
