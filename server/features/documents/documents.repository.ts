import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { DocumentFilter } from '#shared/schemas/document.ts';
import type { Db } from '../../db/database.ts';
import type { DocumentRow, DocumentsTable } from '../../db/schema.ts';

/** The columns a listing needs: never the extracted text (it can be 400,000 characters). */
const LISTED = [
  'id',
  'childId',
  'title',
  'category',
  'documentDate',
  'schoolYear',
  'tags',
  'note',
  'fileName',
  'mediaType',
  'sizeBytes',
  'fileObjectId',
  'thumbnailObjectId',
  'processing',
  'pageCount',
  'createdAt',
  'updatedAt',
] as const;

export type ListedDocumentRow = Pick<DocumentRow, (typeof LISTED)[number]>;

/** Marks around matched words in excerpts; removed from the text first, so they only ever mean "match". */
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';

/**
 * The words of a search as a prefix query ("dysgr" finds "dysgraphia"): letters and digits only, so
 * nothing a parent types can break the query syntax. Null when nothing searchable is left.
 */
export function prefixQuery(search: string): string | null {
  const words =
    search
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

const tsQuery = (query: string) => sql`to_tsquery('english', ${query})`;

function filtered(db: Db, childId: number, filter: DocumentFilter, query: string | null) {
  let select = db.selectFrom('documents').where('documents.childId', '=', childId);
  if (filter.category) select = select.where('category', '=', filter.category);
  if (filter.schoolYear) select = select.where('schoolYear', '=', filter.schoolYear);
  if (filter.tag) select = select.where(sql<boolean>`${filter.tag} = ANY(tags)`);
  if (filter.goalId) {
    const goalId = filter.goalId;
    select = select.where(({ exists, selectFrom }) =>
      exists(selectFrom('documentGoals').select('documentId').whereRef('documentId', '=', 'documents.id').where('goalId', '=', goalId)),
    );
  }
  if (query !== null) select = select.where(sql<SqlBool>`search_vector @@ ${tsQuery(query)}`);
  return select;
}

/** Newest first (by the document's date, else the day it was added); best match first when searching. */
export async function listDocuments(
  db: Db,
  childId: number,
  filter: DocumentFilter,
): Promise<{ rows: ListedDocumentRow[]; total: number }> {
  const query = filter.q ? prefixQuery(filter.q) : null;
  if (filter.q && query === null) return { rows: [], total: 0 };
  let select = filtered(db, childId, filter, query)
    .select(LISTED)
    .select(sql<number>`count(*) OVER ()::int`.as('total'));
  if (query !== null) select = select.orderBy(sql`ts_rank(search_vector, ${tsQuery(query)})`, 'desc');
  const rows = await select
    .orderBy(sql`coalesce(document_date, created_at::date)`, 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const total = rows[0]?.total ?? (filter.offset > 0 ? await countDocuments(db, childId, filter, query) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

async function countDocuments(db: Db, childId: number, filter: DocumentFilter, query: string | null): Promise<number> {
  const row = await filtered(db, childId, filter, query)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

export interface FieldExcerpt {
  documentId: number;
  field: 'title' | 'tags' | 'note' | 'text';
  excerpt: string;
}

/** Where the search's words are in each of `ids`: an excerpt per field that matches, words marked. */
export async function searchExcerpts(db: Db, ids: readonly number[], search: string): Promise<FieldExcerpt[]> {
  const query = prefixQuery(search);
  if (query === null || ids.length === 0) return [];
  const marks = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
  const fields = [
    ['title', sql`title`],
    ['tags', sql`array_to_string(tags, ', ')`],
    ['note', sql`coalesce(note, '')`],
    ['text', sql`coalesce(content_text, '')`],
  ] as const;
  const parts = fields.map(
    ([name, column]) => sql`
      SELECT id AS document_id, ${name}::text AS field,
        ts_headline('english', translate(${column}, ${MATCH_START + MATCH_END}, ''), ${tsQuery(query)}, ${marks}) AS excerpt
      FROM documents
      WHERE id = ANY(${sql.val([...ids])}::int[]) AND to_tsvector('english', ${column}) @@ ${tsQuery(query)}`,
  );
  const result = await sql<{
    documentId: number;
    field: FieldExcerpt['field'];
    excerpt: string;
  }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return result.rows;
}

export async function documentFacets(db: Db, childId: number) {
  const [categories, schoolYears, tags] = await Promise.all([
    db
      .selectFrom('documents')
      .select(['category', sql<number>`count(*)::int`.as('count')])
      .where('childId', '=', childId)
      .groupBy('category')
      .execute(),
    db
      .selectFrom('documents')
      .select([sql<string>`school_year`.as('schoolYear'), sql<number>`count(*)::int`.as('count')])
      .where('childId', '=', childId)
      .where('schoolYear', 'is not', null)
      .groupBy('schoolYear')
      .orderBy('schoolYear', 'desc')
      .execute(),
    sql<{ tag: string; count: number }>`
      SELECT tag, count(*)::int AS count FROM documents, unnest(tags) AS tag
      WHERE child_id = ${childId} GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 100`.execute(db),
  ]);
  return { categories, schoolYears, tags: tags.rows };
}

export async function findDocument(db: Db, childId: number, id: number): Promise<ListedDocumentRow | undefined> {
  return db.selectFrom('documents').select(LISTED).where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
}

/** Locks the document's row until the transaction ends (a replace and the processing take turns). */
export async function lockDocument(db: Db, childId: number, id: number): Promise<ListedDocumentRow | undefined> {
  return db.selectFrom('documents').select(LISTED).where('childId', '=', childId).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** What the processing needs of a document, whichever child it belongs to. */
export async function findForProcessing(db: Db, id: number) {
  return db
    .selectFrom('documents')
    .select(['id', 'childId', 'mediaType', 'fileObjectId', 'processing'])
    .select(sql<string>`(SELECT owner_id FROM children WHERE children.id = documents.child_id)`.as('ownerId'))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function pendingDocumentIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('documents').select('id').where('processing', '=', 'pending').orderBy('id').limit(limit).execute();
  return rows.map((row) => row.id);
}

export async function insertDocument(db: Db, values: Insertable<DocumentsTable>): Promise<ListedDocumentRow> {
  const row = await db.insertInto('documents').values(values).returning(LISTED).executeTakeFirstOrThrow();
  await refreshSearchVector(db, row.id);
  return row;
}

export async function updateDocument(
  db: Db,
  childId: number,
  id: number,
  patch: Updateable<DocumentsTable>,
): Promise<ListedDocumentRow | undefined> {
  const row = await db
    .updateTable('documents')
    .set(patch)
    .where('childId', '=', childId)
    .where('id', '=', id)
    .returning(LISTED)
    .executeTakeFirst();
  if (row) await refreshSearchVector(db, row.id);
  return row;
}

/** Title and tags weigh most, then the note, then the text inside the file. */
async function refreshSearchVector(db: Db, id: number): Promise<void> {
  await sql`
    UPDATE documents SET search_vector =
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', array_to_string(tags, ' ')), 'A') ||
      setweight(to_tsvector('english', coalesce(note, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(content_text, '')), 'C')
    WHERE id = ${id}`.execute(db);
}

export async function deleteDocument(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('documents').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function goalIdsByDocument(db: Db, documentIds: readonly number[]): Promise<Map<number, number[]>> {
  const byDocument = new Map<number, number[]>();
  if (documentIds.length === 0) return byDocument;
  const rows = await db
    .selectFrom('documentGoals')
    .select(['documentId', 'goalId'])
    .where('documentId', 'in', [...documentIds])
    .orderBy('goalId')
    .execute();
  for (const row of rows) byDocument.set(row.documentId, [...(byDocument.get(row.documentId) ?? []), row.goalId]);
  return byDocument;
}

export async function setDocumentGoals(db: Db, childId: number, documentId: number, goalIds: readonly number[]): Promise<void> {
  await db.deleteFrom('documentGoals').where('documentId', '=', documentId).execute();
  if (goalIds.length === 0) return;
  await db
    .insertInto('documentGoals')
    .values([...new Set(goalIds)].map((goalId) => ({ documentId, goalId, childId })))
    .execute();
}

export async function documentsLinkedToGoal(db: Db, childId: number, goalId: number) {
  return db
    .selectFrom('documents')
    .innerJoin('documentGoals', 'documentGoals.documentId', 'documents.id')
    .select(['documents.id', 'title', 'category', 'documentDate', 'mediaType'])
    .where('documents.childId', '=', childId)
    .where('documentGoals.goalId', '=', goalId)
    .orderBy(sql`coalesce(document_date, documents.created_at::date)`, 'desc')
    .orderBy('documents.id', 'desc')
    .execute();
}

export async function countDocumentsOfOwner(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .innerJoin('children', 'children.id', 'documents.childId')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('children.ownerId', '=', ownerId)
    .executeTakeFirstOrThrow();
  return row.count;
}
