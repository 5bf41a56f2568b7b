import { isAnswered, MEASURED_KINDS, type FormQuestionKind } from '#shared/form-answers.ts';
import type { EntrySource, RecipientRole } from '#shared/schemas/entry-source.ts';
import { FORM_LIMITS, RECIPIENT_SETTINGS, type FormResponse, type FormResponseFilter } from '#shared/schemas/form.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import type { Db } from '../../db/database.ts';
import type { StoredFormAnswer } from '../../db/schema.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { recordActivity } from '../../core/record-change.ts';
import { AppError } from '../../lib/errors.ts';
import type { GoalsService } from '../goals/goals.service.ts';
import type { ObservationsService } from '../observations/observations.service.ts';
import * as responses from './form-responses.repository.ts';

type Outcome = FormResponse['answers'][number]['becomes'];
type GoalShown = NonNullable<FormResponse['answers'][number]['goal']>;

/** One goal-tied answer of an approved response, for another feature: the meeting pack. */
export interface GoalAnswer {
  goalId: number;
  responseId: number;
  name: string;
  role: RecipientRole;
  answeredAt: string;
  prompt: string;
  kind: FormQuestionKind;
  value: number | boolean | string;
  unit: string | null;
}

/** What approving makes (or made) of one answer: a measure on an existing goal a progress entry, a text an observation. */
function outcomeOf(answer: StoredFormAnswer, goalExists: boolean): Outcome {
  if (!isAnswered(answer.value)) return 'none';
  if (MEASURED_KINDS.includes(answer.kind) && typeof answer.value === 'number' && answer.goalId !== null && goalExists) return 'progress';
  if (answer.kind === 'text' && typeof answer.value === 'string') return 'observation';
  return 'none';
}

/** A unit means something beside a count or a number only (a question tied to a goal carries the goal's on every kind). */
function unitOf(answer: StoredFormAnswer): string | null {
  return answer.kind === 'count' || answer.kind === 'number' ? answer.unit : null;
}

function toFormResponse(row: responses.FormResponseRow, goalsById: Map<number, GoalShown>, authorOf: AuthorOf): FormResponse {
  return {
    id: row.id,
    formId: row.formId,
    formTitle: row.formTitle,
    status: row.status,
    recipientName: row.recipientName,
    recipientRole: row.recipientRole,
    answeredAt: row.answeredAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: authorOf(row.decidedBy),
    answers: row.answers.map((answer) => {
      const goal = answer.goalId === null ? undefined : goalsById.get(answer.goalId);
      return {
        questionId: answer.questionId,
        kind: answer.kind,
        prompt: answer.prompt,
        unit: unitOf(answer),
        goalId: answer.goalId,
        value: answer.value,
        // A rejected response made nothing.
        becomes: row.status === 'rejected' ? 'none' : outcomeOf(answer, goal !== undefined),
        goal: goal ?? null,
      };
    }),
  };
}

export interface FormResponsesDeps {
  db: Db;
  now?: () => Date;
  goals: Pick<GoalsService, 'list' | 'recentPoints' | 'addProgressFromForm'>;
  observations: Pick<ObservationsService, 'addFromForm'>;
}

/** The answers sent through fill links, waiting for the parent or decided (issue 28, decision 0109). */
export function createFormResponsesService(deps: FormResponsesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The responses as the API gives them: each goal-tied answer beside its goal and the goal's latest values. */
  async function present(scope: ChildScope, rows: responses.FormResponseRow[]): Promise<FormResponse[]> {
    const tied = new Set(rows.flatMap((row) => row.answers.flatMap((answer) => (answer.goalId === null ? [] : [answer.goalId]))));
    const [goals, authorOf] = await Promise.all([
      tied.size === 0 ? ([] as Goal[]) : deps.goals.list(scope),
      authorsFor(
        db,
        scope,
        rows.map((row) => row.decidedBy),
      ),
    ]);
    const shown = goals.filter((goal) => tied.has(goal.id));
    const recent = await deps.goals.recentPoints(
      scope,
      shown.map((goal) => goal.id),
      FORM_LIMITS.recentValues,
    );
    const goalsById = new Map(
      shown.map((goal) => [
        goal.id,
        {
          id: goal.id,
          title: goal.title,
          unit: goal.unit,
          baseline: goal.baseline,
          target: goal.target,
          recent: recent.get(goal.id) ?? [],
        },
      ]),
    );
    return rows.map((row) => toFormResponse(row, goalsById, authorOf));
  }

  async function requireResponse(scope: ChildScope, id: number): Promise<FormResponse> {
    const row = await responses.findResponse(db, scope.childId, id);
    if (!row) throw AppError.notFound('Form response');
    return (await present(scope, [row]))[0] as FormResponse;
  }

  /** Why a response could not be decided: not the child's, or decided already. */
  async function notPending(trx: Db, scope: ChildScope, id: number): Promise<AppError> {
    const row = await responses.findResponse(trx, scope.childId, id);
    if (!row) return AppError.notFound('Form response');
    return new AppError('CONFLICT', `This response was already ${row.status}.`);
  }

  return {
    async list(scope: ChildScope, filter: FormResponseFilter): Promise<FormResponse[]> {
      return present(scope, await responses.listResponses(db, scope.childId, filter));
    },

    /**
     * Approves a pending response, in one transaction: its measures tied to one of the child's goals become
     * progress entries, its texts observations, each with its source; then the activity.
     */
    async approve(scope: ChildScope, id: number): Promise<FormResponse & { progressEntryIds: number[]; observationIds: number[] }> {
      const made = await db.transaction().execute(async (trx) => {
        const decided = await responses.decideResponse(trx, scope.childId, id, {
          status: 'approved',
          decidedAt: now(),
          decidedBy: scope.userId,
        });
        if (!decided) throw await notPending(trx, scope, id);
        const row = (await responses.findResponse(trx, scope.childId, id)) as responses.FormResponseRow;
        const source: EntrySource = {
          kind: 'form',
          formId: row.formId,
          responseId: row.id,
          name: row.recipientName,
          role: row.recipientRole,
          answeredAt: row.answeredAt.toISOString(),
        };
        const progressEntryIds: number[] = [];
        const observationIds: number[] = [];
        for (const answer of row.answers) {
          const { value, goalId } = answer;
          // The rule the inbox shows as `becomes`; a goal gone since is skipped by addProgressFromForm.
          const becomes = outcomeOf(answer, true);
          if (becomes === 'progress') {
            const entryId = await deps.goals.addProgressFromForm(
              trx,
              scope,
              // The answer's day (UTC); the note says what was asked.
              { goalId: goalId as number, recordedOn: source.answeredAt.slice(0, 10), value: value as number, note: answer.prompt },
              source,
            );
            if (entryId !== null) progressEntryIds.push(entryId);
          } else if (becomes === 'observation') {
            observationIds.push(
              await deps.observations.addFromForm(
                trx,
                scope,
                { what: (value as string).trim(), occurredAt: row.answeredAt, setting: RECIPIENT_SETTINGS[row.recipientRole], goalId },
                source,
              ),
            );
          }
        }
        await recordActivity(trx, {
          ownerId: scope.ownerId,
          childId: scope.childId,
          actorId: scope.userId,
          action: 'form-response.approved',
          subjectType: 'form-response',
          subjectId: id,
        });
        return { progressEntryIds, observationIds };
      });
      return { ...(await requireResponse(scope, id)), ...made };
    },

    /** Rejects a pending response: it stays in the inbox as rejected, out of the record and its charts. */
    async reject(scope: ChildScope, id: number): Promise<FormResponse> {
      await db.transaction().execute(async (trx) => {
        const decided = await responses.decideResponse(trx, scope.childId, id, {
          status: 'rejected',
          decidedAt: now(),
          decidedBy: scope.userId,
        });
        if (!decided) throw await notPending(trx, scope, id);
        await recordActivity(trx, {
          ownerId: scope.ownerId,
          childId: scope.childId,
          actorId: scope.userId,
          action: 'form-response.rejected',
          subjectType: 'form-response',
          subjectId: id,
        });
      });
      return requireResponse(scope, id);
    },

    /**
     * The answers tied to a goal in the responses approved and answered in the days `from` to `to` (both
     * included), oldest first, skipped ones left out (for another feature: the meeting pack).
     */
    async answersForGoals(scope: ChildScope, range: { from: string; to: string }): Promise<GoalAnswer[]> {
      const rows = await responses.approvedBetween(db, scope.childId, range.from, range.to);
      return rows.flatMap((row) =>
        row.answers.flatMap((answer) => {
          const { goalId, value } = answer;
          if (goalId === null || value === null || !isAnswered(value)) return [];
          return [
            {
              goalId,
              responseId: row.id,
              name: row.recipientName,
              role: row.recipientRole,
              answeredAt: row.answeredAt.toISOString(),
              prompt: answer.prompt,
              kind: answer.kind,
              value,
              unit: unitOf(answer),
            },
          ];
        }),
      );
    },
  };
}

export type FormResponsesService = ReturnType<typeof createFormResponsesService>;
