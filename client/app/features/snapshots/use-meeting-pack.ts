import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SNAPSHOT_LIMITS, type MeetingPack, type SnapshotPaper } from '#shared/schemas/snapshot.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { apiRequest } from '../../../lib/api-request.ts';
import { calendarDaysFrom } from '../../../lib/dates.ts';
import { useSelectedChildId } from '../../child-context.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { trpc } from '../../trpc/trpc.ts';
import { pdfFailureMessage } from './use-snapshots.ts';

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
export function meetingPackPdfUrl(childId: number, pack: Pick<MeetingPack, 'from' | 'to'>, paper: SnapshotPaper): string {
  const params = new URLSearchParams({ childId: String(childId), from: pack.from, to: pack.to, paper });
  return `/api/snapshots/meeting-pack/pdf?${params.toString()}`;
}

/** `Meeting pack - Maya - 2025-11-27 to 2026-11-27.pdf`, without characters a file name cannot hold. */
export function meetingPackFileName(pack: Pick<MeetingPack, 'firstName' | 'from' | 'to'>): string {
  const name = `Meeting pack - ${pack.firstName.trim()} - ${pack.from} to ${pack.to}`;
  return `${name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '').trim()}.pdf`;
}

/** Countries whose schools print on US Letter; everywhere else A4. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'CR', 'PR']);

/** The paper a parent most likely prints on, from the browser's language ("en-US": Letter, "en-GB": A4). */
export function paperForLocale(locale: string | undefined): SnapshotPaper {
  const region = locale ? /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1]?.toUpperCase() : undefined;
  if (!region) return locale?.toLowerCase().startsWith('en') || !locale ? 'letter' : 'a4';
  return LETTER_REGIONS.has(region) ? 'letter' : 'a4';
}

/**
 * Downloads the pack shown as a PDF through the request helper (the bearer token goes with it, and a
 * PDF answer comes back as a Blob). A failure is kept for the screen to show beside the button.
 */
export function useMeetingPackPdf() {
  const childId = useSelectedChildId();
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = useCallback(
    async (pack: MeetingPack, paper: SnapshotPaper) => {
      setError(null);
      if (childId === null) return;
      if (!navigator.onLine) {
        setError(pdfFailureMessage(null, false));
        return;
      }
      setDownloading(true);
      try {
        const pdf = await apiRequest<Blob>('GET', meetingPackPdfUrl(childId, pack, paper));
        const fileName = meetingPackFileName(pack);
        saveBlob(pdf, fileName);
        toast({ title: 'Your meeting pack is downloading', description: fileName, variant: 'success' });
      } catch (failure) {
        setError(pdfFailureMessage(failure, navigator.onLine));
      } finally {
        setDownloading(false);
      }
    },
    [childId, toast],
  );

  return { download, downloading, error };
}
