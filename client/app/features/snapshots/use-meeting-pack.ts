import { keepPreviousData } from '@tanstack/react-query';
import { SNAPSHOT_LIMITS, type MeetingPack, type SnapshotPaper } from '#shared/schemas/snapshot.ts';
import { calendarDaysFrom } from '../../../lib/dates.ts';
import { useSelectedChildId } from '../../child-context.tsx';
import { trpc } from '../../trpc/trpc.ts';
import { usePdfDownload } from './use-snapshots.ts';

/*
 * The IEP meeting pack (issue 27, decision 0107): for a period (by default the server's: since the last
 * plan review, or a year), each goal's progress, the parent's observations about it, the strategies and
 * their ratings, the documents added and the questions to bring. On screen through tRPC
 * `snapshots.meetingPack`, as a PDF through GET /api/snapshots/meeting-pack/pdf. The selected child's
 * id is added by the tRPC link; the PDF's URL names it.
 */

/** A period the parent chose; a day left out is the server's default (the last review, today). */
export interface MeetingPackRange {
  from?: string | undefined;
  to?: string | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a chosen period cannot be asked for, as the field under "To" says it; null when it can. */
export function rangeProblem(range: MeetingPackRange): string | null {
  const from = range.from && DAY.test(range.from) ? range.from : null;
  const to = range.to && DAY.test(range.to) ? range.to : null;
  if (!from || !to) return null;
  if (from > to) return 'The last day comes after the first';
  const days = calendarDaysFrom(from, to);
  if (days !== null && days > SNAPSHOT_LIMITS.meetingPackMaxDays) return 'Choose a period of two years at most';
  return null;
}

/** Only the days given, so the server fills in the rest. */
function rangeInput(range: MeetingPackRange): { from?: string; to?: string } {
  return { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
}

/**
 * The pack for `range`. A period that cannot be asked for (`rangeProblem`) is not sent; the pack shown
 * before stays while another period loads.
 */
export function useMeetingPack(range: MeetingPackRange) {
  return trpc.snapshots.meetingPack.useQuery(rangeInput(range), {
    enabled: rangeProblem(range) === null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/snapshots/meeting-pack/pdf for the child and the pack's own period, on the paper chosen. */
function meetingPackPdfUrl(childId: number, pack: Pick<MeetingPack, 'from' | 'to'>, paper: SnapshotPaper): string {
  const params = new URLSearchParams({ childId: String(childId), from: pack.from, to: pack.to, paper });
  return `/api/snapshots/meeting-pack/pdf?${params.toString()}`;
}

/** `Meeting pack - Maya - 2025-11-27 to 2026-11-27.pdf`, without characters a file name cannot hold. */
export function meetingPackFileName(pack: Pick<MeetingPack, 'firstName' | 'from' | 'to'>): string {
  const name = `Meeting pack - ${pack.firstName.trim()} - ${pack.from} to ${pack.to}`;
  return `${name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '').trim()}.pdf`;
}

/** Downloads the pack shown as a PDF for its own period, named by `meetingPackFileName`. */
export function useMeetingPackPdf() {
  const childId = useSelectedChildId();
  const pdf = usePdfDownload();
  const download = (pack: MeetingPack, paper: SnapshotPaper) =>
    childId === null
      ? Promise.resolve()
      : pdf.download(meetingPackPdfUrl(childId, pack, paper), meetingPackFileName(pack), 'Your meeting pack is downloading');
  return { download, downloading: pdf.busy, error: pdf.error };
}
