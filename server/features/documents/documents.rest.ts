import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { create as contentDisposition } from 'content-disposition';
import { deletedWithdrawingExportsSchema } from '#shared/schemas/account-data.ts';
import {
  DOCUMENT_MEDIA_TYPE_LIST,
  documentActions,
  documentCreateSchema,
  documentDownloadSchema,
  documentFacetsSchema,
  documentFilterSchema,
  documentListSchema,
  documentReplaceSchema,
  documentSchema,
  documentUpdateSchema,
  documentVersionSchema,
  INLINE_MEDIA_TYPES,
  storageUsageSchema,
} from '#shared/schemas/document.ts';
import type { DocumentRecord } from '#shared/schemas/document.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { receiveUpload } from '../../rest/multipart.ts';
import { named, operation, queryForm, type RestOperation } from '../../rest/operation.ts';
import type { RateLimiters } from '../../rest/rate-limits.ts';
import { getOperation, listOperation } from '../../rest/record-operations.ts';
import { parseWith } from '../../rest/route-kit.ts';

const bodies = named({
  Document: documentSchema,
  StorageUsage: storageUsageSchema,
  DocumentFacets: documentFacetsSchema,
  DocumentList: documentListSchema,
  DocumentCreate: documentCreateSchema,
  DocumentUpdate: documentUpdateSchema,
  DeletedWithdrawingExports: deletedWithdrawingExportsSchema,
  DocumentVersion: documentVersionSchema,
  DocumentReplace: documentReplaceSchema,
});
const tag = { name: 'Documents', description: 'The document vault: files kept encrypted, searchable by the words inside them' };

const documentQuery = queryForm(documentFilterSchema);
const documentId = { id: 'The document\u2019s id' };
const documentRecords = { base: '/api/documents', tag, noun: 'document', item: bodies.Document, actions: documentActions } as const;
const downloadQuery = queryForm(documentDownloadSchema);

const UPLOAD_ERRORS = {
  413: 'The file is larger than the per-file limit, or does not fit in the parent\u2019s storage space (the message names the limit)',
  415: 'The file\u2019s type (judged by its content) is not accepted, or the body is not multipart/form-data',
  422: 'The file is empty',
} as const;

/** What the browser is told the file is: the sniffed type, never the name or the type the uploader claimed. */
function contentTypeOf(file: Pick<DocumentRecord, 'mediaType'>): string {
  return file.mediaType === 'text/plain' ? 'text/plain; charset=utf-8' : file.mediaType;
}

/**
 * The one byte range a Range header asks of a `size`-byte file (RFC 9110 §14.1.2): undefined for the
 * whole file (no header, another unit, several ranges, or one the RFC says to ignore), or
 * `unsatisfiable` when it starts past the end. A suffix longer than the file is the whole file.
 */
function byteRangeOf(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return undefined;
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** Sends an earlier file of a document, whole, as an attachment (decision 0087). */
async function sendVersion(res: Response, scope: ChildScope, id: number, versionId: number, services: Services): Promise<void> {
  const { file, body } = await services.documents.openVersion(scope, id, versionId);
  res.status(200);
  res.setHeader('Content-Type', contentTypeOf(file));
  res.setHeader('Content-Disposition', contentDisposition(file.fileName, { type: 'attachment' }));
  res.setHeader('Content-Length', String(file.sizeBytes));
  res.setHeader('Cache-Control', 'private, no-store, no-transform');
  await pipeline(body, res).catch((error: unknown) => {
    res.destroy(error instanceof Error ? error : undefined);
  });
}

/** Sends a file or the requested part of it (one range; several ranges get the whole file). */
async function sendFile(req: Request, res: Response, scope: ChildScope, id: number, download: boolean, services: Services): Promise<void> {
  const { file, range, body } = await services.documents.openFile(scope, id, (size) => {
    const asked = byteRangeOf(req.headers.range, size);
    if (asked === 'unsatisfiable') {
      // Before the file is opened: nothing is read for an answer that sends none of it.
      res.setHeader('Content-Range', `bytes */${size}`);
      throw new AppError('RANGE_NOT_SATISFIABLE', `The file has ${size} bytes; ask for a range inside it.`);
    }
    return asked;
  });
  const inline = INLINE_MEDIA_TYPES.includes(file.mediaType) && !download;
  res.setHeader('Content-Type', contentTypeOf(file));
  res.setHeader('Content-Disposition', contentDisposition(file.fileName, { type: inline ? 'inline' : 'attachment' }));
  res.setHeader('Accept-Ranges', 'bytes');
  // no-transform: the bytes go out as stored (no compression), so ranges and lengths hold.
  res.setHeader('Cache-Control', 'private, no-store, no-transform');
  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  } else {
    res.status(200);
    res.setHeader('Content-Length', String(file.sizeBytes));
  }
  // A stream that fails half-way (a tampered segment) ends the connection: the client sees a short body, never wrong bytes.
  await pipeline(body, res).catch((error: unknown) => {
    res.destroy(error instanceof Error ? error : undefined);
  });
}

/** The vault over REST (issue 9): the records as JSON, the files as multipart uploads and byte downloads. */
export function documentsOperations(services: Services, limits: RateLimiters): RestOperation[] {
  const { documents } = services;
  return [
    operation({
      operationId: 'getStorageUsage',
      method: 'get',
      path: '/api/documents/usage',
      tag,
      summary: 'The storage meter: bytes used of the parent\u2019s quota, and the largest file accepted',
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'Usage across all the parent\u2019s children', body: bodies.StorageUsage }],
      handle: ({ userId }) => documents.usage(userId),
    }),
    operation({
      operationId: 'getDocumentFacets',
      method: 'get',
      path: '/api/documents/facets',
      tag,
      summary: 'The child\u2019s documents counted by category, school year and tag',
      security: 'bearer',
      child: documentActions.viewFacets,
      success: [{ status: 200, description: 'Counts for the filters', body: bodies.DocumentFacets }],
      handle: ({ scope }) => documents.facets(scope),
    }),
    listOperation(documentRecords, {
      summary: 'List or search the child\u2019s documents',
      description:
        'Newest first (by the document\u2019s date, else the day it was added). With `q`, the words are searched in titles, tags, notes and the text inside PDFs, best match first; each item\u2019s `matches` shows where they were found.',
      query: documentQuery,
      success: 'A page of documents and the total matching',
      page: bodies.DocumentList,
      run: (scope, query) => documents.list(scope, parseWith(documentFilterSchema, query)),
    }),
    operation({
      operationId: 'uploadDocument',
      method: 'post',
      path: '/api/documents',
      tag,
      summary: 'Add a document: upload a file with its description',
      description:
        'A `multipart/form-data` body: the description fields first (all optional; the title defaults to the file name, the school year to the one of the document date), then the file in a part named `file`. Accepted by content: PDF, JPEG, PNG, WebP, HEIC, plain text, DOCX. The text inside PDFs and a thumbnail are made just after; `processing` says when they are ready.',
      security: 'bearer',
      child: documentActions.upload,
      upload: bodies.DocumentCreate,
      errors: UPLOAD_ERRORS,
      rateLimits: [limits.uploadsPerAccount],
      success: [{ status: 201, description: 'The new document', body: bodies.Document }],
      handle: ({ req, res, scope }) =>
        receiveUpload(req, res, { fields: bodies.DocumentCreate.schema, maxFileBytes: documents.limits.maxFileBytes }, (file, fields) =>
          documents.upload(scope, file, fields),
        ),
    }),
    getOperation(documentRecords, { summary: 'A document\u2019s description', run: documents.byId }),
    operation({
      operationId: 'updateDocument',
      method: 'put',
      path: '/api/documents/{id}',
      tag,
      summary: 'Change a document\u2019s description',
      security: 'bearer',
      child: documentActions.update,
      ids: documentId,
      body: bodies.DocumentUpdate,
      success: [{ status: 200, description: 'The document as saved', body: bodies.Document }],
      handle: ({ scope, ids, body }) => documents.update(scope, ids.id, body),
    }),
    operation({
      operationId: 'deleteDocument',
      method: 'delete',
      path: '/api/documents/{id}',
      tag,
      summary: 'Delete a document and its file',
      security: 'bearer',
      child: documentActions.delete,
      ids: documentId,
      success: [
        {
          status: 200,
          description: 'Deleted; `exportsWithdrawn` says how many earlier exports of the child\u2019s family held it and were withdrawn',
          body: bodies.DeletedWithdrawingExports,
        },
      ],
      handle: ({ scope, ids }) => documents.delete(scope, ids.id),
    }),
    operation({
      operationId: 'downloadDocument',
      method: 'get',
      path: '/api/documents/{id}/content',
      tag,
      summary: 'The file, decrypted: whole, or the part a Range header asks for',
      description:
        'PDFs and images are sent inline (add `download=true` for an attachment); other types as attachments. One byte range per request.',
      security: 'bearer',
      child: documentActions.download,
      ids: documentId,
      query: downloadQuery,
      errors: { 416: 'The range is outside the file (Content-Range gives its size)' },
      success: [
        { status: 200, description: 'The whole file', file: DOCUMENT_MEDIA_TYPE_LIST },
        { status: 206, description: 'The requested bytes', file: DOCUMENT_MEDIA_TYPE_LIST },
      ],
      handle: ({ req, res, scope, ids, query }) => sendFile(req, res, scope, ids.id, query.download === true, services),
    }),
    operation({
      operationId: 'listDocumentVersions',
      method: 'get',
      path: '/api/documents/{id}/versions',
      tag,
      summary: 'A document\u2019s earlier files, kept when its file was replaced',
      security: 'bearer',
      child: documentActions.listVersions,
      ids: documentId,
      success: [{ status: 200, description: 'Earlier files, the most recently replaced first', body: bodies.DocumentVersion, list: true }],
      handle: ({ scope, ids }) => documents.versions(scope, ids.id),
    }),
    operation({
      operationId: 'downloadDocumentVersion',
      method: 'get',
      path: '/api/documents/{id}/versions/{versionId}/content',
      tag,
      summary: 'An earlier file of a document, decrypted, as an attachment',
      security: 'bearer',
      child: documentActions.downloadVersion,
      ids: { ...documentId, versionId: 'The earlier version\u2019s id (a version of that document)' },
      success: [{ status: 200, description: 'The earlier file', file: DOCUMENT_MEDIA_TYPE_LIST }],
      handle: ({ res, scope, ids }) => sendVersion(res, scope, ids.id, ids.versionId, services),
    }),
    operation({
      operationId: 'replaceDocumentFile',
      method: 'put',
      path: '/api/documents/{id}/content',
      tag,
      summary: 'Replace a document\u2019s file, keeping its description',
      description:
        'A `multipart/form-data` body with the new file in a part named `file`. The old file is kept as an earlier version (GET /api/documents/{id}/versions), so an updater may replace; it goes when the document is deleted.',
      security: 'bearer',
      child: documentActions.replaceFile,
      ids: documentId,
      upload: bodies.DocumentReplace,
      errors: UPLOAD_ERRORS,
      rateLimits: [limits.uploadsPerAccount],
      success: [{ status: 200, description: 'The document with its new file', body: bodies.Document }],
      handle: ({ req, res, scope, ids }) =>
        receiveUpload(req, res, { fields: bodies.DocumentReplace.schema, maxFileBytes: documents.limits.maxFileBytes }, (file) =>
          documents.replaceFile(scope, ids.id, file),
        ),
    }),
    operation({
      operationId: 'getDocumentThumbnail',
      method: 'get',
      path: '/api/documents/{id}/thumbnail',
      tag,
      summary: 'A small WebP picture of an image or of a PDF\u2019s first page (404 until it is made, or for other types)',
      security: 'bearer',
      child: documentActions.viewThumbnail,
      ids: documentId,
      success: [{ status: 200, description: 'The thumbnail, at most 320 pixels on its long side', file: ['image/webp'] }],
      handle: async ({ res, scope, ids }) => {
        const body = await documents.openThumbnail(scope, ids.id);
        res.status(200).setHeader('Content-Type', 'image/webp');
        res.setHeader('Cache-Control', 'private, no-store, no-transform');
        await pipeline(body, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
      },
    }),
  ];
}
