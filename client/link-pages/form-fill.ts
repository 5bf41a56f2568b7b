import type { AnswerValue } from '#shared/form-answers.ts';
import type { FormFillView } from '#shared/schemas/form.ts';
import { LINK_MESSAGES, postLink } from './link-page.ts';

/*
 * What the form fill page asks the server (issue 28, decision 0109), as every link page does
 * (./link-page.ts); types only from shared/. A draft of the answers stays in this browser until they are sent.
 */

export const FILL_MESSAGES = {
  ...LINK_MESSAGES,
  tooMany: 'This link has been used many times in a short while. Please wait a minute, then try again.',
  offline: 'You are offline. The form will open when your connection is back.',
  failed: 'Something went wrong while opening this form. Please try again.',
  sendFailed: 'Something went wrong while sending your answers. They are kept on this device: please try again.',
  sendOffline: 'You are offline. Your answers are kept on this device and will be sent when your connection is back.',
  sendNetwork:
    'Trelli could not be reached, so your answers were not sent yet. They are kept on this device: try again, or they will be sent when your connection is back.',
  needsAttention: 'Some answers need attention. Each one is marked above.',
} as const;

const FORM_FILL_PATHS = {
  view: '/api/forms/fill',
  answers: '/api/forms/fill/answers',
} as const;

/** `/forms/<id>/fill`: the form's id, or null for any other path. */
export function fillFormId(pathname: string): string | null {
  return /^\/forms\/([^/]+)\/fill\/?$/.exec(pathname)?.[1] ?? null;
}

/** `answers.<questionId>` issues from a 400, by question. */
function questionIssues(issues: unknown): Record<string, string> {
  const byQuestion: Record<string, string> = {};
  if (!Array.isArray(issues)) return byQuestion;
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path !== 'string' || typeof issue.message !== 'string') continue;
    const questionId = /^answers\.(.+)$/.exec(issue.path)?.[1];
    if (questionId && !(questionId in byQuestion)) byQuestion[questionId] = issue.message;
  }
  return byQuestion;
}

/** The form for `token`; `started`: the same request already sent by client/main.tsx while this page's code arrived. */
export async function readFormFill(token: string, started?: Promise<Response>): Promise<FormFillView> {
  const request = { tooMany: FILL_MESSAGES.tooMany, otherwise: FILL_MESSAGES.failed, issuesOf: questionIssues, started };
  return (await (await postLink(FORM_FILL_PATHS.view, { token }, request)).json()) as FormFillView;
}

export async function sendFormAnswers(
  token: string,
  answers: { questionId: string; value: AnswerValue }[],
): Promise<{ answeredAt: string }> {
  const request = { tooMany: FILL_MESSAGES.tooMany, otherwise: FILL_MESSAGES.sendFailed, issuesOf: questionIssues };
  return (await (await postLink(FORM_FILL_PATHS.answers, { token, answers }, request)).json()) as { answeredAt: string };
}

/* The draft: kept in this browser while typing, under a key that does not hold the token. */

const DRAFT_PREFIX = 'trelli:form-draft:';

/** A short, non-reversible tag of the token (FNV-1a), so two links to one form keep two drafts. */
function tokenTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export function draftKey(formId: string, token: string): string {
  return `${DRAFT_PREFIX}${formId}:${tokenTag(token)}`;
}

function isAnswerValue(value: unknown): value is AnswerValue {
  return value === null || typeof value === 'boolean' || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** The kept answers, or an empty set when there are none or storage is off (a private window). */
export function readDraft(key: string): Record<string, AnswerValue> {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as { values?: unknown } | null;
    const values: Record<string, AnswerValue> = {};
    if (kept && typeof kept.values === 'object' && kept.values !== null) {
      for (const [questionId, value] of Object.entries(kept.values)) if (isAnswerValue(value)) values[questionId] = value;
    }
    return values;
  } catch {
    return {};
  }
}

export function writeDraft(key: string, values: Record<string, AnswerValue>): void {
  try {
    if (Object.values(values).every((value) => value === null)) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify({ values, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or off: the answers stay on the page, only not across a reload.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
