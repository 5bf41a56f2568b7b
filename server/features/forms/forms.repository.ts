import type { FormTemplate, RecipientRole } from '#shared/schemas/form.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FormsTable, StoredFormAnswer, StoredFormQuestion } from '../../db/schema.ts';

export type FormRow = Selectable<FormsTable>;

/** A form's fields as written: `questions` is stored as JSON text (jsonb). */
export interface FormValues {
  title: string;
  intro: string | null;
  template: FormTemplate | null;
  questions: StoredFormQuestion[];
}

/** The child's forms, newest first. */
export async function listForms(db: Db, childId: number): Promise<FormRow[]> {
  return db.selectFrom('forms').selectAll().where('childId', '=', childId).orderBy('id', 'desc').execute();
}

export async function findForm(db: Db, childId: number, id: number): Promise<FormRow | undefined> {
  return db.selectFrom('forms').selectAll().where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
}

/** The form, locked until the transaction ends (a share counts its open links in turn). */
export async function lockForm(db: Db, childId: number, id: number): Promise<FormRow | undefined> {
  return db.selectFrom('forms').selectAll().where('childId', '=', childId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function countForms(db: Db, childId: number): Promise<number> {
  const row = await db
    .selectFrom('forms')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('childId', '=', childId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertForm(db: Db, childId: number, values: FormValues & { createdBy: string }): Promise<FormRow> {
  return db
    .insertInto('forms')
    .values({ ...values, childId, questions: JSON.stringify(values.questions) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateForm(db: Db, childId: number, id: number, values: FormValues, now: Date): Promise<FormRow | undefined> {
  return db
    .updateTable('forms')
    .set({ ...values, questions: JSON.stringify(values.questions), updatedAt: now })
    .where('childId', '=', childId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteForm(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('forms').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Pending responses per form of the child, by form id (none: absent). */
export async function pendingCounts(db: Db, childId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('formResponses')
    .select(['formId', (eb) => eb.fn.countAll<string>().as('count')])
    .where('childId', '=', childId)
    .where('status', '=', 'pending')
    .groupBy('formId')
    .execute();
  return new Map(rows.map((row) => [row.formId, Number(row.count)]));
}

/* Fill links: who each share link was made for. */

export interface FormLinkRecipient {
  linkId: number;
  formId: number;
  recipientName: string;
  recipientRole: RecipientRole;
  /** Responses sent through it. */
  responses: number;
}

export async function insertFormLink(
  db: Db,
  values: { linkId: number; formId: number; childId: number; recipientName: string; recipientRole: RecipientRole },
): Promise<void> {
  await db.insertInto('formLinks').values(values).execute();
}

/** The child's fill links' recipients, with how many responses each brought, by link id. */
export async function linkRecipients(db: Db, childId: number): Promise<Map<number, FormLinkRecipient>> {
  const rows = await db
    .selectFrom('formLinks as fl')
    .select(['fl.linkId', 'fl.formId', 'fl.recipientName', 'fl.recipientRole'])
    .select((eb) =>
      eb
        .selectFrom('formResponses as r')
        .whereRef('r.linkId', '=', 'fl.linkId')
        .select((inner) => inner.fn.countAll<string>().as('count'))
        .as('responses'),
    )
    .where('fl.childId', '=', childId)
    .execute();
  return new Map(rows.map((row) => [row.linkId, { ...row, responses: Number(row.responses ?? 0) }]));
}

/** Who one link was made for. */
export async function findLinkRecipient(
  db: Db,
  linkId: number,
): Promise<{ formId: number; recipientName: string; recipientRole: RecipientRole } | undefined> {
  return db.selectFrom('formLinks').select(['formId', 'recipientName', 'recipientRole']).where('linkId', '=', linkId).executeTakeFirst();
}

/* Responses (the answer side: form-responses.* reads and decides them). */

export async function insertResponse(
  db: Db,
  values: {
    childId: number;
    formId: number;
    linkId: number;
    recipientName: string;
    recipientRole: RecipientRole;
    answers: StoredFormAnswer[];
    answeredAt: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('formResponses')
    .values({ ...values, answers: JSON.stringify(values.answers) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
