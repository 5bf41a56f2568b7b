import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { create as contentDisposition } from 'content-disposition';
import {
  createdLinkSchema,
  meetingPackQuerySchema,
  meetingPackSchema,
  sharedSnapshotBodySchema,
  sharedSnapshotPdfBodySchema,
  snapshotActions,
  snapshotCreateSchema,
  snapshotLinkCreateSchema,
  snapshotLinkSchema,
  snapshotPaperSchema,
  snapshotSchema,
  snapshotUpdateSchema,
  snapshotViewSchema,
  snapshotWithContentSchema,
  type SnapshotPaper,
} from '#shared/schemas/snapshot.ts';
import { safeSegment } from '../../core/file-names.ts';
import type { Services } from '../../services.ts';
import { named, operation, queryForm, type RestOperation } from '../../rest/operation.ts';
import { deletedBody, getOperation, listOperation, writes } from '../../rest/record-operations.ts';

const bodies = named({
  Snapshot: snapshotSchema,
  SnapshotWithContent: snapshotWithContentSchema,
  SnapshotCreate: snapshotCreateSchema,
  SnapshotUpdate: snapshotUpdateSchema,
  SnapshotView: snapshotViewSchema,
  SnapshotLink: snapshotLinkSchema,
  SnapshotLinkCreate: snapshotLinkCreateSchema,
  CreatedLink: createdLinkSchema,
  MeetingPack: meetingPackSchema,
  SharedSnapshot: sharedSnapshotBodySchema,
  SharedSnapshotPdf: sharedSnapshotPdfBodySchema,
});

/** The one declaration of the tag every snapshot operation names. */
const tag = {
  name: 'Snapshots',
  description:
    'The child on one page for a teacher, a sitter, a doctor or the IEP team, built from the record each time it is read; read-only share links that expire (1 to 30 days), and the IEP meeting pack. The public link operations take the link\u2019s token in the body.',
} as const;

const snapshotRecords = {
  base: '/api/snapshots',
  tag,
  noun: 'snapshot',
  item: bodies.Snapshot,
  actions: { ...snapshotActions, view: snapshotActions.byId },
} as const;
const snapshotId = { id: 'The snapshot\u2019s id' };
const paperQuery = queryForm(snapshotPaperSchema);
const packQuery = queryForm(meetingPackQuerySchema);
const PDF_ANSWER = 'application/pdf';

/** Sends a PDF made on the server, as an attachment named `name`. */
function sendPdf(res: Response, pdf: Buffer, name: string): void {
  res.status(200);
  res.setHeader('Content-Type', PDF_ANSWER);
  res.setHeader('Content-Disposition', contentDisposition(safeSegment(name, 'snapshot.pdf'), { type: 'attachment' }));
  res.setHeader('Cache-Control', 'private, no-store, no-transform');
  res.setHeader('Content-Length', String(pdf.byteLength));
  res.end(pdf);
}

/** Snapshots for external clients (issue 27): the service the tRPC router calls, plus the link's public reads. */
export function snapshotsOperations(services: Services): RestOperation[] {
  const { snapshots } = services;
  const [create, ...changes] = writes({
    ...snapshotRecords,
    create: { body: bodies.SnapshotCreate, run: snapshots.create },
    update: { body: bodies.SnapshotUpdate, run: snapshots.update },
    remove: snapshots.delete,
  }) as [RestOperation, ...RestOperation[]];
  return [
    listOperation(snapshotRecords, {
      summary: 'List the child\u2019s snapshots, newest first, each with how many of its share links are open',
      success: 'Snapshots',
      run: snapshots.list,
    }),
    {
      ...create,
      summary: 'Make a snapshot for an audience',
      description:
        'Sections left out follow the ones sent, hidden; no sections: the audience\u2019s defaults. The photo must be a JPEG or PNG of the child\u2019s vault.',
      errors: { 409: 'The child has the most snapshots allowed' },
    },
    ...meetingPackOperations(services),
    getOperation(snapshotRecords, {
      summary: 'One snapshot with what each of its sections shows now, hidden ones too (the parent\u2019s preview)',
      body: bodies.SnapshotWithContent,
      run: snapshots.byId,
    }),
    ...changes,
    operation({
      operationId: 'getSnapshotPdf',
      method: 'get',
      path: '/api/snapshots/{id}/pdf',
      tag,
      summary: 'The snapshot as a one-page PDF (US Letter or A4), its visible sections only',
      security: 'bearer',
      child: snapshotActions.pdf,
      ids: snapshotId,
      query: paperQuery,
      success: [{ status: 200, description: 'The snapshot as a tagged PDF, an attachment', file: [PDF_ANSWER] }],
      handle: async ({ res, scope, ids, query }) => {
        const { pdf, title } = await snapshots.pdf(scope, ids.id, query.paper as SnapshotPaper);
        sendPdf(res, pdf, `${title}.pdf`);
      },
    }),
    operation({
      operationId: 'listSnapshotLinks',
      method: 'get',
      path: '/api/snapshots/{id}/links',
      tag,
      summary: 'The snapshot\u2019s open share links (not turned off, not expired), newest first, with how often each was opened',
      security: 'bearer',
      child: snapshotActions.links,
      ids: snapshotId,
      success: [{ status: 200, description: 'Open links', body: bodies.SnapshotLink, list: true }],
      handle: ({ scope, ids }) => snapshots.links(scope, ids.id),
    }),
    operation({
      operationId: 'createSnapshotLink',
      method: 'post',
      path: '/api/snapshots/{id}/links',
      tag,
      summary: 'Share the snapshot by a read-only link that expires',
      description:
        'The answer holds the whole link once, its token after `#`; only a hash of the token is kept. From 1 to 30 days, 7 by default.',
      security: 'bearer',
      child: snapshotActions.share,
      ids: snapshotId,
      body: bodies.SnapshotLinkCreate,
      success: [{ status: 201, description: 'The new link, shown this once', body: bodies.CreatedLink }],
      errors: { 409: 'The snapshot has the most open links allowed' },
      handle: ({ scope, ids, body }) => snapshots.share(scope, ids.id, body),
    }),
    operation({
      operationId: 'deleteSnapshotLink',
      method: 'delete',
      path: '/api/snapshot-links/{id}',
      tag,
      summary: 'Turn off a snapshot\u2019s share link at once',
      security: 'bearer',
      child: snapshotActions.revokeLink,
      ids: { id: 'The link\u2019s id' },
      success: [{ status: 200, description: 'Turned off', body: deletedBody }],
      handle: ({ scope, ids }) => snapshots.revokeLink(scope, ids.id),
    }),
    ...sharedOperations(services),
  ];
}

function meetingPackOperations(services: Services): RestOperation[] {
  const { snapshots } = services;
  return [
    operation({
      operationId: 'getMeetingPack',
      method: 'get',
      path: '/api/snapshots/meeting-pack',
      tag,
      summary:
        'The IEP meeting pack for a period: each goal\u2019s progress, observations and strategies, documents added, questions to bring',
      security: 'bearer',
      child: snapshotActions.meetingPack,
      query: packQuery,
      success: [{ status: 200, description: 'The meeting pack', body: bodies.MeetingPack }],
      handle: ({ scope, query }) => snapshots.meetingPack(scope, query),
    }),
    operation({
      operationId: 'getMeetingPackPdf',
      method: 'get',
      path: '/api/snapshots/meeting-pack/pdf',
      tag,
      summary: 'The IEP meeting pack as a PDF',
      security: 'bearer',
      child: snapshotActions.meetingPack,
      query: packQuery,
      success: [{ status: 200, description: 'The meeting pack as a tagged PDF, an attachment', file: [PDF_ANSWER] }],
      handle: async ({ res, scope, query }) => {
        const pdf = await snapshots.meetingPackPdf(scope, query, (query.paper as SnapshotPaper | undefined) ?? 'letter');
        sendPdf(res, pdf, 'meeting-pack.pdf');
      },
    }),
  ];
}

/** What a share link opens, for someone without an account (decision 0089): the token travels in the body. */
function sharedOperations(services: Services): RestOperation[] {
  const { snapshots } = services;
  return [
    operation({
      operationId: 'openSharedSnapshot',
      method: 'post',
      path: '/api/shared/snapshot',
      tag,
      summary: 'Read the snapshot a share link opens: its visible sections, built from the record now',
      security: 'link',
      linkPurpose: 'snapshot',
      child: false,
      body: bodies.SharedSnapshot,
      success: [{ status: 200, description: 'The snapshot as the link shows it', body: bodies.SnapshotView }],
      handle: ({ link }) => snapshots.shared(link),
    }),
    operation({
      operationId: 'openSharedSnapshotPdf',
      method: 'post',
      path: '/api/shared/snapshot/pdf',
      tag,
      summary: 'The snapshot a share link opens, as a PDF',
      security: 'link',
      linkPurpose: 'snapshot',
      child: false,
      body: bodies.SharedSnapshotPdf,
      success: [{ status: 200, description: 'The snapshot as a tagged PDF, an attachment', file: [PDF_ANSWER] }],
      handle: async ({ res, link, body }) => {
        const { pdf, title } = await snapshots.sharedPdf(link, body.paper);
        sendPdf(res, pdf, `${title}.pdf`);
      },
    }),
    operation({
      operationId: 'openSharedSnapshotPhoto',
      method: 'post',
      path: '/api/shared/snapshot/photo',
      tag,
      summary: 'The photo of the snapshot a share link opens',
      security: 'link',
      linkPurpose: 'snapshot',
      child: false,
      body: bodies.SharedSnapshot,
      success: [{ status: 200, description: 'The photo\u2019s bytes', file: ['image/jpeg', 'image/png'] }],
      errors: { 404: 'The link does not open (the message says why), or its snapshot shows no photo' },
      handle: async ({ res, link }) => {
        const { file, body } = await snapshots.sharedPhoto(link);
        res.status(200);
        res.setHeader('Content-Type', file.mediaType);
        res.setHeader('Content-Disposition', contentDisposition(file.fileName, { type: 'inline' }));
        res.setHeader('Content-Length', String(file.sizeBytes));
        res.setHeader('Cache-Control', 'private, no-store, no-transform');
        await pipeline(body, res).catch((error: unknown) => {
          res.destroy(error instanceof Error ? error : undefined);
        });
      },
    }),
  ];
}
