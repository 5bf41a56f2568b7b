import { sql, type Selectable } from 'kysely';
import { FORM_LIMITS, type FormResponseFilter } from '#shared/schemas/form.ts';
import type { Db } from '../../db/database.ts';
import type { FormResponsesTable } from '../../db/schema.ts';

/** A response with the title of the form it answers. */
export type FormResponseRow = Selectable<FormResponsesTable> & { formTitle: string };

function responsesOf(db: Db, childId: number) {
  return db
    .selectFrom('formResponses')
    .innerJoin('forms', 'forms.id', 'formResponses.formId')
    .selectAll('formResponses')
    .select('forms.title as formTitle')
    .where('formResponses.childId', '=', childId);
}

/** The child's responses matching `filter`, newest answered first (one page of the inbox). */
export async function listResponses(db: Db, childId: number, filter: FormResponseFilter): Promise<FormResponseRow[]> {
  let query = responsesOf(db, childId);
  if (filter.status) query = query.where('formResponses.status', '=', filter.status);
  if (filter.formId) query = query.where('formResponses.formId', '=', filter.formId);
  // An answer tied to the goal: the answers list contains an element with that goalId.
  if (filter.goalId) query = query.where(sql<boolean>`form_responses.answers @> ${JSON.stringify([{ goalId: filter.goalId }])}::jsonb`);
  return query.orderBy('formResponses.answeredAt', 'desc').orderBy('formResponses.id', 'desc').limit(FORM_LIMITS.responsesPage).execute();
}

export async function findResponse(db: Db, childId: number, id: number): Promise<FormResponseRow | undefined> {
  return responsesOf(db, childId).where('formResponses.id', '=', id).executeTakeFirst();
}

/**
 * Decides a pending response: undefined when it is not the child's or no longer pending (the
 * condition on the status makes two approvals at once decide it once).
 */
export async function decideResponse(
  db: Db,
  childId: number,
  id: number,
  decision: { status: 'approved' | 'rejected'; decidedAt: Date; decidedBy: string },
): Promise<{ id: number } | undefined> {
  return db
    .updateTable('formResponses')
    .set(decision)
    .where('childId', '=', childId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
}

/** The child's approved responses answered in the days `from` to `to` (both included), oldest first. */
export async function approvedBetween(db: Db, childId: number, from: string, to: string): Promise<FormResponseRow[]> {
  return responsesOf(db, childId)
    .where('formResponses.status', '=', 'approved')
    .where('formResponses.answeredAt', '>=', sql<Date>`${from}::date`)
    .where('formResponses.answeredAt', '<', sql<Date>`${to}::date + 1`)
    .orderBy('formResponses.answeredAt')
    .orderBy('formResponses.id')
    .execute();
}
