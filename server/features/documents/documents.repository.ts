import { sql, type Insertable, type RawBuilder, type SqlBool, type Updateable } from 'kysely';
import type { DocumentCategory, DocumentFilter } from '#shared/schemas/document.ts';
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
  'createdBy',
  'fileAddedAt',
  'fileAddedBy',
  'createdAt',
  'updatedAt',
] as const;

export type ListedDocumentRow = Pick<DocumentRow, (typeof LISTED)[number]>;

/** Marks around matched words in excerpts; removed from the text first, so they only ever mean "match". */
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';

/**
 * Each field's weight in `search_vector` (kept by the `documents_search_vector` trigger): a
 * weight-restricted query tells which field a word is in without reading the field.
 */
const FIELD_WEIGHTS = { title: 'A', tags: 'B', note: 'C', text: 'D' } as const;

/** A search's words: lowercase letters and digits only, so nothing a parent types can break the query syntax. */
function searchWords(search: string): string[] {
  return (
    search
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? []
  );
}

/**
 * One word of a search, found two ways in `search_vector`, which keeps each field's words both as
 * written and as English stems: as a prefix of a written word ("occupat" finds "occupational"), or
 * by its stem ("therapies" finds "therapy"). `weight` restricts it to one field.
 */
function wordQuery(word: string, weight = ''): RawBuilder<unknown> {
  const prefix = `${word}:*${weight}`;
  return sql`(to_tsquery('simple', ${prefix}) || to_tsquery('english', ${prefix}))`;
}

/** Every word of the search (AND): what a document must hold to be found. */
function allWords(words: readonly string[]): RawBuilder<unknown> {
  return sql`(${sql.join(
    words.map((word) => wordQuery(word)),
    sql` && `,
  )})`;
}

/** Any word of the search (OR), in one field or anywhere. */
function anyWord(words: readonly string[], weight = ''): RawBuilder<unknown> {
  return sql`(${sql.join(
    words.map((word) => wordQuery(word, weight)),
    sql` || `,
  )})`;
}

function filtered(db: Db, childId: number, filter: DocumentFilter, words: readonly string[]) {
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
  if (words.length > 0) select = select.where(sql<SqlBool>`search_vector @@ ${allWords(words)}`);
  return select;
}

/** Newest first (by the document's date, else the day it was added); best match first when searching. */
export async function listDocuments(
  db: Db,
  childId: number,
  filter: DocumentFilter,
): Promise<{ rows: ListedDocumentRow[]; total: number }> {
  const words = filter.q ? searchWords(filter.q) : [];
  if (filter.q && words.length === 0) return { rows: [], total: 0 };
  let select = filtered(db, childId, filter, words)
    .select(LISTED)
    .select(sql<number>`count(*) OVER ()::int`.as('total'));
  if (words.length > 0) select = select.orderBy(sql`ts_rank(search_vector, ${allWords(words)})`, 'desc');
  const rows = await select
    .orderBy(sql`coalesce(document_date, created_at::date)`, 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const total = rows[0]?.total ?? (filter.offset > 0 ? await countDocuments(db, childId, filter, words) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

async function countDocuments(db: Db, childId: number, filter: DocumentFilter, words: readonly string[]): Promise<number> {
  const row = await filtered(db, childId, filter, words)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

export interface FieldExcerpt {
  documentId: number;
  field: 'title' | 'tags' | 'note' | 'text';
  excerpt: string;
  /** For the text of a PDF stored with page breaks: the page of the first word found. */
  page: number | null;
}

/** The character between a PDF's pages in its text (document-text.ts PAGE_BREAK). */
const PAGE_FEED = '\f';

/** How much of a file's text an excerpt is taken from, around the first place a word appears. */
const TEXT_WINDOW = 1200;

/**
 * Where the search's words are in each of `ids`: for each field holding any of them, an excerpt with
 * the words marked. Which fields hold a word comes from the weights in `search_vector`; the file's
 * text (up to 400,000 characters) is only cut around the first word found before `ts_headline`
 * reads it, so a page of long IEPs costs no more than a page of notes.
 */
export async function searchExcerpts(db: Db, ids: readonly number[], search: string): Promise<FieldExcerpt[]> {
  const words = searchWords(search);
  if (words.length === 0 || ids.length === 0) return [];
  const inField = (field: keyof typeof FIELD_WEIGHTS) => sql<boolean>`search_vector @@ ${anyWord(words, FIELD_WEIGHTS[field])}`;
  const marks = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
  // A page break reads as a space; the marks are removed from the text first (they only ever mean "match").
  const headline = (text: RawBuilder<unknown>) =>
    sql<string>`ts_headline('simple', translate(${text}, ${PAGE_FEED + MATCH_START + MATCH_END}, ' '), q.marked, ${marks})`;
  // What to mark, read as written: each word as typed, its English stem and the stem less its last
  // letter ("therapies" -> "therapi" -> "therap" marks "therapy"), all as prefixes. The same strings
  // place the window of a long text around the first one found.
  const result = await sql<{
    id: number;
    title: string | null;
    tags: string | null;
    note: string | null;
    text: string | null;
    page: number | null;
  }>`
    WITH q AS (
      SELECT to_tsquery('simple', string_agg(DISTINCT prefix || ':*', ' | ')) AS marked, array_agg(DISTINCT prefix) AS prefixes
      FROM unnest(${sql.val(words)}::text[]) AS word,
        LATERAL (SELECT coalesce((ts_lexize('english_stem', word))[1], word) AS stem) AS stems,
        LATERAL unnest(ARRAY[word, stem, CASE WHEN length(stem) > 4 THEN left(stem, -1) ELSE stem END]) AS prefix
    )
    SELECT id,
      CASE WHEN ${inField('title')} THEN ${headline(sql`title`)} END AS title,
      CASE WHEN ${inField('tags')} THEN ${headline(sql`array_to_string(tags, ', ')`)} END AS tags,
      CASE WHEN ${inField('note')} THEN ${headline(sql`note`)} END AS note,
      CASE WHEN ${inField('text')} THEN (
        SELECT ${headline(sql`substring(content_text from greatest(coalesce(min(nullif(strpos(lowered.text, prefix), 0)), 1) - ${TEXT_WINDOW / 4}, 1) for ${TEXT_WINDOW})`)}
        FROM (SELECT lower(content_text) AS text) AS lowered, unnest(q.prefixes) AS prefix
      ) END AS text,
      -- The page of the first word found: one more than the page breaks (form feeds) before it.
      CASE WHEN ${inField('text')} AND strpos(content_text, ${PAGE_FEED}) > 0 THEN (
        SELECT 1 + length(before) - length(replace(before, ${PAGE_FEED}, ''))
        FROM (
          SELECT left(content_text, coalesce(min(nullif(strpos(lowered.text, prefix), 0)), 1)) AS before
          FROM (SELECT lower(content_text) AS text) AS lowered, unnest(q.prefixes) AS prefix
        ) AS first
      ) END AS page
    FROM documents, q WHERE id = ANY(${sql.val([...ids])}::int[])`.execute(db);
  return result.rows.flatMap((row) =>
    (['title', 'tags', 'note', 'text'] as const).flatMap((field) => {
      const excerpt = row[field];
      return excerpt === null ? [] : [{ documentId: row.id, field, excerpt, page: field === 'text' ? row.page : null }];
    }),
  );
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

/** Ids of one child's documents still to be read, oldest first. */
export async function pendingDocumentIds(db: Db, childId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('childId', '=', childId)
    .where('processing', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Documents still to be read, oldest first, with the owner whose turn they wait for. */
export async function pendingDocuments(db: Db, limit: number): Promise<{ id: number; ownerId: string }[]> {
  return db
    .selectFrom('documents')
    .innerJoin('children', 'children.id', 'documents.childId')
    .select(['documents.id', 'children.ownerId'])
    .where('documents.processing', '=', 'pending')
    .orderBy('documents.id')
    .limit(limit)
    .execute();
}

export async function insertDocument(db: Db, values: Insertable<DocumentsTable>): Promise<ListedDocumentRow> {
  return db.insertInto('documents').values(values).returning(LISTED).executeTakeFirstOrThrow();
}

export async function updateDocument(
  db: Db,
  childId: number,
  id: number,
  patch: Updateable<DocumentsTable>,
): Promise<ListedDocumentRow | undefined> {
  return db.updateTable('documents').set(patch).where('childId', '=', childId).where('id', '=', id).returning(LISTED).executeTakeFirst();
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

/** How many earlier files each of the documents keeps. */
export async function versionCounts(db: Db, documentIds: readonly number[]): Promise<Map<number, number>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('documentVersions')
    .select(['documentId', sql<number>`count(*)::int`.as('count')])
    .where('documentId', 'in', [...documentIds])
    .groupBy('documentId')
    .execute();
  return new Map(rows.map((row) => [row.documentId, row.count]));
}

/** Keeps the document's current file as an earlier version (before the file is replaced). */
export async function keepVersion(db: Db, current: ListedDocumentRow, replacedBy: string, now: Date): Promise<void> {
  await db
    .insertInto('documentVersions')
    .values({
      documentId: current.id,
      childId: current.childId,
      fileName: current.fileName,
      mediaType: current.mediaType,
      sizeBytes: current.sizeBytes,
      fileObjectId: current.fileObjectId,
      pageCount: current.pageCount,
      addedAt: current.fileAddedAt,
      addedBy: current.fileAddedBy,
      replacedAt: now,
      replacedBy,
    })
    .execute();
}

const VERSION_COLUMNS = [
  'id',
  'documentId',
  'fileName',
  'mediaType',
  'sizeBytes',
  'fileObjectId',
  'pageCount',
  'addedAt',
  'addedBy',
  'replacedAt',
  'replacedBy',
] as const;

/** The document's earlier files, the most recently replaced first. */
export async function listVersions(db: Db, childId: number, documentId: number) {
  return db
    .selectFrom('documentVersions')
    .select(VERSION_COLUMNS)
    .where('childId', '=', childId)
    .where('documentId', '=', documentId)
    .orderBy('id', 'desc')
    .execute();
}

export async function findVersion(db: Db, childId: number, documentId: number, id: number) {
  return db
    .selectFrom('documentVersions')
    .select(VERSION_COLUMNS)
    .where('childId', '=', childId)
    .where('documentId', '=', documentId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The earlier files of the children's documents, for the account's export: a page after `afterId`. */
export async function versionFilesOfChildren(db: Db, childIds: readonly number[], afterId: number, limit: number) {
  if (childIds.length === 0) return [];
  return db
    .selectFrom('documentVersions as v')
    .innerJoin('documents as d', 'd.id', 'v.documentId')
    .select([
      'v.id',
      'v.childId',
      'd.title',
      'd.documentDate',
      'v.fileName',
      'v.mediaType',
      'v.sizeBytes',
      'v.fileObjectId',
      'v.addedAt',
      'v.replacedAt',
    ])
    .where('v.childId', 'in', [...childIds])
    .where('v.id', '>', afterId)
    .orderBy('v.id')
    .limit(limit)
    .execute();
}

export async function countVersionsOfChildren(db: Db, childIds: readonly number[]): Promise<number> {
  if (childIds.length === 0) return 0;
  const row = await db
    .selectFrom('documentVersions')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('childId', 'in', [...childIds])
    .executeTakeFirstOrThrow();
  return row.count;
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

/** The child's documents among `ids` (what another feature shows of them); their text is documentText's. */
export async function describeDocuments(db: Db, childId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'title', 'category', 'fileName', 'mediaType', 'processing'])
    .where('childId', '=', childId)
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .execute();
}

/** One of the child's documents' extracted text and how far its reading is. */
export async function documentText(db: Db, childId: number, id: number) {
  return db
    .selectFrom('documents')
    .select(['processing', 'contentText'])
    .where('childId', '=', childId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The child's documents of `categories` added from `from` to `to` (UTC days, both included), newest first. */
export async function documentsAddedBetween(db: Db, childId: number, categories: readonly DocumentCategory[], from: string, to: string) {
  if (categories.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'title', 'category', sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('addedOn')])
    .where('childId', '=', childId)
    .where('category', 'in', [...categories])
    .where(sql<boolean>`(created_at AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date`)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The indexes of `patterns` (PostgreSQL regular expressions, any case) that the extracted text of one
 * of the child's documents of `categories` matches: matched in the database, so no text is sent over.
 */
export async function patternsInDocumentsOf(
  db: Db,
  childId: number,
  categories: readonly DocumentCategory[],
  patterns: readonly string[],
): Promise<number[]> {
  if (categories.length === 0 || patterns.length === 0) return [];
  const { rows } = await sql<{ index: number }>`
    SELECT (t.ordinality - 1)::int AS index FROM unnest(${sql.val([...patterns])}::text[]) WITH ORDINALITY AS t(pattern, ordinality)
    WHERE EXISTS (
      SELECT 1 FROM documents d
      WHERE d.child_id = ${childId} AND d.category = ANY(${sql.val([...categories])}::text[])
        AND d.processing = 'done' AND d.content_text ~* t.pattern
    )`.execute(db);
  return rows.map((row) => row.index);
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

/** The files of the children's documents, for the account's export: oldest first, a page after `afterId`. */
export async function documentFilesOfChildren(db: Db, childIds: readonly number[], afterId: number, limit: number) {
  if (childIds.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'childId', 'title', 'documentDate', 'fileName', 'mediaType', 'sizeBytes', 'fileObjectId', 'createdAt', 'updatedAt'])
    .where('childId', 'in', [...childIds])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countDocumentsOfChildren(db: Db, childIds: readonly number[]): Promise<number> {
  if (childIds.length === 0) return 0;
  const row = await db
    .selectFrom('documents')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('childId', 'in', [...childIds])
    .executeTakeFirstOrThrow();
  return row.count;
}
