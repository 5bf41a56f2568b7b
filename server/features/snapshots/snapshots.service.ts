import {
  AUDIENCE_DEFAULTS,
  SNAPSHOT_LIMITS,
  completeSections,
  type CreatedLink,
  type Snapshot,
  type SnapshotCreate,
  type SnapshotLink,
  type MeetingPack,
  type SnapshotLinkCreate,
  type SnapshotPaper,
  type SnapshotUpdate,
  type SnapshotView,
  type SnapshotWithContent,
} from '#shared/schemas/snapshot.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { recordChange } from '../../core/record-change.ts';
import {
  LINK_NOT_VALID,
  createLink,
  grantedId,
  openLinkCounts,
  openLinksOf,
  readingScopeOf,
  revokeGrantLinks,
  revokeLink,
  type LinkScope,
} from '../../core/share-links.ts';
import type { Db } from '../../db/database.ts';
import type { SnapshotRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { renderPdf } from '../../core/pdf.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import { createMeetingPackReader, type MeetingPackDeps } from './meeting-pack.ts';
import { meetingPackPdfContent, snapshotPdfContent, type SnapshotPhoto } from './snapshot-pdf.ts';
import { createSnapshotContent, snapshotTitle, type SnapshotContentDeps } from './snapshot-content.ts';
import * as snapshots from './snapshots.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const GRANT = 'snapshot';
/** The photo a snapshot may show: a picture the PDF can embed. */
const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
const NO_SNAPSHOT = 'Snapshot';

export function toSnapshot(row: SnapshotRow, activeLinks: number, authorOf: AuthorOf): Snapshot {
  return {
    id: row.id,
    childId: row.childId,
    audience: row.audience,
    title: row.title,
    sections: row.sections,
    recentWindow: row.recentWindow,
    photoDocumentId: row.photoDocumentId,
    activeLinks,
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type SnapshotsDeps = SnapshotContentDeps &
  MeetingPackDeps & {
    appUrl: string;
    documents: Pick<DocumentsService, 'describe' | 'openFile'>;
    now?: () => Date;
  };

/**
 * Snapshots (issue 27, decision 0107): the child on one page for one audience, built live from the
 * record; read by every caregiver, made and changed by updaters, deleted, shared and revoked by owners.
 * A share link (decision 0089, purpose `snapshot`) shows the snapshot's visible sections and nothing else.
 */
export function createSnapshotsService(deps: SnapshotsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const content = createSnapshotContent(deps);
  const meetingPacks = createMeetingPackReader(deps);
  /** The profile layout shows a photo; the list layout none (FLAG_SNAPSHOT_DISPLAY_V2, decision 0107). */
  const showsPhoto = (row: SnapshotRow) => row.photoDocumentId !== null && deps.featureFlags.FLAG_SNAPSHOT_DISPLAY_V2;

  async function toSnapshots(scope: ChildScope, rows: SnapshotRow[]): Promise<Snapshot[]> {
    const [counts, authorOf] = await Promise.all([
      openLinkCounts(db, scope, GRANT, now()),
      authorsFor(
        db,
        scope,
        rows.map((row) => row.createdBy),
      ),
    ]);
    return rows.map((row) => toSnapshot(row, counts.get(row.id) ?? 0, authorOf));
  }

  async function requireSnapshot(trx: Db, scope: ChildScope, id: number): Promise<SnapshotRow> {
    const row = await snapshots.findSnapshot(trx, scope.childId, id);
    if (!row) throw AppError.notFound(NO_SNAPSHOT);
    return row;
  }

  /** A photo must be a JPEG or PNG of this child's vault (400 on the field otherwise). */
  async function checkPhoto(trx: Db, scope: ChildScope, photoDocumentId: number | null | undefined): Promise<void> {
    if (photoDocumentId == null) return;
    const [document] = await deps.documents.describe(trx, scope, [photoDocumentId]);
    if (!document || !(PHOTO_TYPES as readonly string[]).includes(document.mediaType)) {
      throw new AppError('BAD_REQUEST', 'Some fields need attention', [
        { path: 'photoDocumentId', message: 'Choose a JPEG or PNG photo from this child\u2019s vault' },
      ]);
    }
  }

  /** The snapshot a link opens, of the link's child; NOT_FOUND when it is gone. */
  async function sharedSnapshot(link: LinkScope): Promise<{ scope: ChildScope; row: SnapshotRow }> {
    const row = await snapshots.findSnapshot(db, link.childId, grantedId(link, GRANT));
    if (!row) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
    return { scope: readingScopeOf(link), row };
  }

  /** The snapshot's photo as the PDF embeds it, when the layout shows one (the view's hasPhoto). */
  async function photoOf(scope: ChildScope, row: SnapshotRow): Promise<SnapshotPhoto | null> {
    if (!showsPhoto(row)) return null;
    const { file, body } = await deps.documents.openFile(scope, row.photoDocumentId as number);
    const mediaType = PHOTO_TYPES.find((type) => type === file.mediaType);
    if (!mediaType) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return { bytes: new Uint8Array(Buffer.concat(chunks)), mediaType };
  }

  /** The snapshot's visible sections as a PDF, laid out on the PDF worker. */
  async function pdfOf(scope: ChildScope, row: SnapshotRow, paper: SnapshotPaper): Promise<{ pdf: Buffer; title: string }> {
    const [view, photo] = await Promise.all([content.view(scope, row, now()), photoOf(scope, row)]);
    return { pdf: await renderPdf(snapshotPdfContent(view, { paper, photo })), title: view.title };
  }

  const service = {
    async list(scope: ChildScope): Promise<Snapshot[]> {
      return toSnapshots(scope, await snapshots.listSnapshots(db, scope.childId));
    },

    /** The snapshot with every section's content, hidden ones too, for the parent's preview. */
    async byId(scope: ChildScope, id: number): Promise<SnapshotWithContent> {
      const row = await requireSnapshot(db, scope, id);
      const [[snapshot], preview] = await Promise.all([toSnapshots(scope, [row]), content.preview(scope, row, now())]);
      return { ...(snapshot as Snapshot), preview };
    },

    async create(scope: ChildScope, input: SnapshotCreate): Promise<Snapshot> {
      const row = await recordChange(db, scope, { action: 'snapshot.created', subjectType: 'snapshot' }, async (trx) => {
        if ((await snapshots.countSnapshots(trx, scope.childId)) >= SNAPSHOT_LIMITS.snapshotsPerChild) {
          throw new AppError(
            'CONFLICT',
            `A child can have at most ${SNAPSHOT_LIMITS.snapshotsPerChild} snapshots. Delete one you no longer use to make another.`,
          );
        }
        await checkPhoto(trx, scope, input.photoDocumentId);
        return snapshots.insertSnapshot(trx, scope.childId, {
          audience: input.audience,
          title: input.title || null,
          sections: completeSections(input.audience, input.sections),
          recentWindow: input.recentWindow ?? AUDIENCE_DEFAULTS[input.audience].recentWindow,
          photoDocumentId: input.photoDocumentId ?? null,
          createdBy: scope.userId,
        });
      });
      return toSnapshot(row, 0, await authorsFor(db, scope, [row.createdBy]));
    },

    /** Changes the choices sent; sections sent replace the list (completed as on create), an audience alone keeps them. */
    async update(scope: ChildScope, id: number, patch: SnapshotUpdate): Promise<Snapshot> {
      const row = await recordChange(db, scope, { action: 'snapshot.updated', subjectType: 'snapshot' }, async (trx) => {
        const current = await snapshots.lockSnapshot(trx, scope.childId, id);
        if (!current) throw AppError.notFound(NO_SNAPSHOT);
        await checkPhoto(trx, scope, patch.photoDocumentId);
        const audience = patch.audience ?? current.audience;
        const updated = await snapshots.updateSnapshot(
          trx,
          scope.childId,
          id,
          {
            audience,
            title: patch.title === undefined ? current.title : patch.title || null,
            sections: patch.sections === undefined ? current.sections : completeSections(audience, patch.sections),
            recentWindow: patch.recentWindow ?? current.recentWindow,
            photoDocumentId: patch.photoDocumentId === undefined ? current.photoDocumentId : patch.photoDocumentId,
          },
          now(),
        );
        if (!updated) throw AppError.notFound(NO_SNAPSHOT);
        return updated;
      });
      return (await toSnapshots(scope, [row]))[0] as Snapshot;
    },

    /** Deletes the snapshot and turns off its links in the same transaction: they answer 404 at once. */
    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'snapshot.removed', subjectType: 'snapshot' }, async (trx) => {
        if (!(await snapshots.lockSnapshot(trx, scope.childId, id))) throw AppError.notFound(NO_SNAPSHOT);
        await revokeGrantLinks(trx, scope, { type: GRANT, id }, now());
        await snapshots.deleteSnapshot(trx, scope.childId, id);
        return { id };
      });
      return { id, deleted: true };
    },

    /** The child's open snapshot links (not turned off, not expired), newest first; one snapshot's when `snapshotId` is given. */
    async links(scope: ChildScope, snapshotId?: number): Promise<SnapshotLink[]> {
      if (snapshotId !== undefined) await requireSnapshot(db, scope, snapshotId);
      const [open, rows] = await Promise.all([openLinksOf(db, scope, 'snapshot', now()), snapshots.listSnapshots(db, scope.childId)]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const authorOf = await authorsFor(
        db,
        scope,
        open.map((link) => link.createdBy),
      );
      return open.flatMap((link) => {
        const snapshot = link.grantType === GRANT ? byId.get(link.grantId) : undefined;
        if (!snapshot || (snapshotId !== undefined && snapshot.id !== snapshotId)) return [];
        return [
          {
            id: link.id,
            snapshotId: snapshot.id,
            snapshotTitle: snapshotTitle(snapshot),
            audience: snapshot.audience,
            createdAt: link.createdAt.toISOString(),
            expiresAt: link.expiresAt.toISOString(),
            opens: link.uses,
            lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
            addedBy: authorOf(link.createdBy),
          },
        ];
      });
    },

    /** A new read-only link to the snapshot for `expiresInDays` days; the whole URL (token after `#`) is answered once. */
    async share(scope: ChildScope, id: number, input: SnapshotLinkCreate): Promise<CreatedLink> {
      const days = input.expiresInDays ?? SNAPSHOT_LIMITS.linkDefaultDays;
      const at = now();
      const { link } = await recordChange(db, scope, { action: 'snapshot.shared', subjectType: 'snapshot' }, async (trx) => {
        if (!(await snapshots.lockSnapshot(trx, scope.childId, id))) throw AppError.notFound(NO_SNAPSHOT);
        const open = (await openLinkCounts(trx, scope, GRANT, at)).get(id) ?? 0;
        if (open >= SNAPSHOT_LIMITS.activeLinksPerSnapshot) {
          throw new AppError(
            'CONFLICT',
            `This snapshot already has ${SNAPSHOT_LIMITS.activeLinksPerSnapshot} open links. Turn one off to make another.`,
          );
        }
        const made = await createLink(
          trx,
          scope,
          { purpose: 'snapshot', grant: { type: GRANT, id }, singleUse: false, expiresAt: new Date(at.getTime() + days * DAY_MS) },
          at,
        );
        return { id, link: made };
      });
      return { id: link.id, link: `${deps.appUrl}/snapshots/view#${link.token}`, expiresAt: link.expiresAt.toISOString() };
    },

    /** Turns off one of the child's snapshot links at once. */
    async revokeLink(scope: ChildScope, linkId: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'snapshot.link-revoked', subjectType: 'snapshot' }, async (trx) => {
        const grant = await revokeLink(trx, scope, linkId, now(), 'snapshot');
        return { id: grant.id };
      });
      return { id: linkId, deleted: true };
    },

    /** The snapshot's visible sections as a one-page PDF. */
    async pdf(scope: ChildScope, id: number, paper: SnapshotPaper): Promise<{ pdf: Buffer; title: string }> {
      return pdfOf(scope, await requireSnapshot(db, scope, id), paper);
    },

    /** The IEP meeting pack for a period (both days optional: from the last plan review, or a year back, to today). */
    meetingPack(scope: ChildScope, range: { from?: string; to?: string }): Promise<MeetingPack> {
      return meetingPacks.read(scope, range, now());
    },

    async meetingPackPdf(scope: ChildScope, range: { from?: string; to?: string }, paper: SnapshotPaper): Promise<Buffer> {
      return renderPdf(meetingPackPdfContent(await meetingPacks.read(scope, range, now()), { paper }));
    },

    /** The PDF of what a link shows. */
    async sharedPdf(link: LinkScope, paper: SnapshotPaper): Promise<{ pdf: Buffer; title: string }> {
      const { scope, row } = await sharedSnapshot(link);
      return pdfOf(scope, row, paper);
    },

    /** What a link shows: the snapshot's visible sections, built from the record now. */
    async shared(link: LinkScope): Promise<SnapshotView> {
      const { scope, row } = await sharedSnapshot(link);
      return content.view(scope, row, now());
    },

    /** The photo a link's snapshot shows; NOT_FOUND when it shows none. */
    async sharedPhoto(link: LinkScope) {
      const { scope, row } = await sharedSnapshot(link);
      if (!showsPhoto(row)) throw new AppError('NOT_FOUND', 'This snapshot has no photo.');
      return deps.documents.openFile(scope, row.photoDocumentId as number);
    },
  };
  return service;
}

export type SnapshotsService = ReturnType<typeof createSnapshotsService>;
