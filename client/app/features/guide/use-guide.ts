import { skipToken } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GuideTemplate } from '#shared/guide.ts';
import { letterSchema } from '#shared/schemas/guide.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { apiRequest, httpStatusOf, serverMessageOf } from '../../../lib/api-request.ts';
import { useChildContext } from '../../child-context.tsx';
import { useFeatureFlag } from '../../feature-flags.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { trpc } from '../../trpc/trpc.ts';
import { letterDraftKey, letterFileName, letterOf, letterText, mergeValues, type TemplateValues } from './template-fill.ts';

/** POST /api/letters: a filled-in letter in, its PDF out (decision 0066). */
export const LETTERS_URL = '/api/letters';

/**
 * "For you": articles suggested from the selected child's record. Asked only with
 * FLAG_TRELLI_GUIDE_V2 on and a child selected (decision 0067); `enabled` is false otherwise, and
 * nothing is shown. The child's id is in the input (and so in the query key): each child's
 * suggestions are their own.
 */
export function useGuideSuggestions() {
  const on = useFeatureFlag('FLAG_TRELLI_GUIDE_V2');
  const { selectedChild } = useChildContext();
  const enabled = on && selectedChild !== null;
  const query = trpc.guide.suggestions.useQuery(enabled && selectedChild ? { childId: selectedChild.id } : skipToken);
  return { enabled, query, child: selectedChild };
}

const NO_TITLES: readonly string[] = [];

/**
 * The expense a letter is written for (`?expenseId=` on the letter of medical necessity): its
 * service, provider and dates start the letter's fields. The selected child's id is added by the
 * tRPC link; an edited expense is refreshed by the refresh map ('expenses.get'). No data when it
 * cannot be read (deleted, another child's): the letter starts without it.
 */
export function useLetterExpense(childId: number | null, expenseId: number | null) {
  return trpc.expenses.get.useQuery(childId !== null && expenseId !== null ? { id: expenseId } : skipToken, { retry: false });
}

/** The titles of the child's strategies in use, for a letter that lists what has been tried. */
export function useStrategiesInUse(enabled: boolean) {
  const strategies = trpc.strategies.list.useQuery(undefined, { enabled });
  const titles = useMemo(
    () => strategies.data?.filter((strategy) => strategy.active).map((strategy) => strategy.title) ?? NO_TITLES,
    [strategies.data],
  );
  return { titles, isPending: strategies.isPending };
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function readDraft(key: string): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * A template's values while the parent fills it: they start from the record (`prefill`) and are kept
 * in session storage, per user, child and template, so a reload keeps them. Not one of the SPEC §3
 * keys: this feature owns them, as the onboarding wizard owns its draft.
 */
export function useLetterValues(
  template: GuideTemplate,
  userId: string,
  childId: number | null,
  prefill: () => TemplateValues,
  expenseId: number | null = null,
) {
  const key = letterDraftKey(userId, childId, template.id, expenseId);
  const start = useCallback(() => mergeValues(template, prefill(), readDraft(key)), [template, prefill, key]);
  const [state, setState] = useState(() => ({ key, values: start() }));
  // Another child or template: its own values (set while rendering, so no frame shows the old ones).
  if (state.key !== key) setState({ key, values: start() });

  useEffect(() => {
    try {
      storage()?.setItem(state.key, JSON.stringify(state.values));
    } catch {
      // the browser would not keep it (quota, privacy mode): the values still live on the screen
    }
  }, [state]);

  const setValue = useCallback((field: string, value: string) => {
    setState((current) => ({ ...current, values: { ...current.values, [field]: value } }));
  }, []);
  /** Back to what the record says, and the stored draft gone. */
  const reset = useCallback(() => {
    try {
      storage()?.removeItem(key);
    } catch {
      // nothing stored
    }
    setState({ key, values: mergeValues(template, prefill(), null) });
  }, [key, template, prefill]);

  return { values: state.values, setValue, reset };
}

const OFFLINE_MESSAGE = 'You\u2019re offline. Connect to the internet to make the PDF; you can still copy the text.';

/** Why a letter could not be made, as a sentence for the parent. */
export function letterFailureMessage(error: unknown, online: boolean): string {
  if (!online) return OFFLINE_MESSAGE;
  const status = httpStatusOf(error);
  if (status === 422 || status === 400) return serverMessageOf(error) ?? 'The letter could not be made as it is. Please check it.';
  if (status === null) return 'We could not reach Trelli. Please check your connection and try again.';
  return 'We could not make the PDF just now. Please try again.';
}

/**
 * Downloads the filled letter as a PDF, and copies its text; failures are kept for the screen to show,
 * and so is the last file downloaded (`downloaded`), after its toast has gone.
 */
export function useLetterActions(template: GuideTemplate, values: TemplateValues, childFirstName: string | null) {
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState<string | null>(null);

  const download = useCallback(async () => {
    setError(null);
    setDownloaded(null);
    const letter = letterOf(template, values);
    const checked = letterSchema.safeParse(letter);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'The letter could not be made as it is.');
      return;
    }
    if (!navigator.onLine) {
      setError(OFFLINE_MESSAGE);
      return;
    }
    setDownloading(true);
    try {
      const pdf = await apiRequest<Blob>('POST', LETTERS_URL, checked.data);
      saveBlob(pdf, letterFileName(template, childFirstName));
      toast({ title: 'Your letter is downloading', description: letterFileName(template, childFirstName), variant: 'success' });
      setDownloaded(letterFileName(template, childFirstName));
    } catch (failure) {
      setError(letterFailureMessage(failure, navigator.onLine));
    } finally {
      setDownloading(false);
    }
  }, [template, values, childFirstName, toast]);

  const copy = useCallback(async () => {
    setError(null);
    try {
      await navigator.clipboard.writeText(letterText(letterOf(template, values).paragraphs));
      toast({ title: 'Letter copied', description: 'Paste it into an email or a document.', variant: 'success' });
    } catch {
      setError('Your browser did not let us copy the text. Select the preview and copy it yourself.');
    }
  }, [template, values, toast]);

  return { download, copy, downloading, error, downloaded };
}
