import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { answerIssues, type AnswerValue } from '#shared/form-answers.ts';
import type { FormFillView } from '#shared/schemas/form.ts';
import { FormIntro, FormQuestions, questionControlId } from '../components/form-fill/form-questions.tsx';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { focusElement } from '../lib/focus.ts';
import { clearDraft, draftKey, FILL_MESSAGES, fillFormId, readDraft, readFormFill, sendFormAnswers, writeDraft } from './form-fill.ts';
import { LinkRequestError, tokenFromHash, useLinkLoad, useLinkPage } from './link-page.ts';

/*
 * `/forms/<id>/fill#<token>` (issue 28, decision 0109): a smart form answered by a teacher or a
 * therapist on a phone, without an account. client/main.tsx renders it outside the app: no sign-in
 * provider (no Clerk script, no /api/clerk-config), no tRPC, no react-query, no zod. The token stays
 * after `#` and travels only in request bodies; the answers are kept in this browser until sent.
 */

const FILL_TITLE = 'Fill in a form';
const SITE_NAME = 'Trelli';

type SendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  /** Not sent for want of a connection: the draft is kept, and it goes when the browser is back online. */
  | { kind: 'waiting'; message: string }
  | { kind: 'failed'; message: string; canRetry: boolean }
  /** The link no longer takes answers (turned off, expired, used): the server's sentence. */
  | { kind: 'closed'; message: string }
  | { kind: 'sent' };

function Message({ title, children, action }: { title: string; children: string; action?: { label: string; onClick(): void } }) {
  return (
    <div className="py-8 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <p role="alert" className="mt-3 text-lg">
        {children}
      </p>
      {action ? (
        <button type="button" className={buttonVariants({ size: 'lg', className: 'mt-6 w-full sm:w-auto' })} onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}

const SENT_HEADING_ID = 'form-fill-sent';

function Sent({ view, onAgain }: { view: FormFillView; onAgain: () => void }) {
  return (
    <section aria-labelledby={SENT_HEADING_ID} className="rounded-xl border border-brand-300 bg-brand-50 p-5 text-center">
      <h1 id={SENT_HEADING_ID} tabIndex={-1} className="text-2xl font-bold text-brand-900">
        Answers sent
      </h1>
      <p className="mt-3 text-lg">
        Thank you, {view.recipientName}. Your answers were sent to {view.firstName}'s family.
      </p>
      {view.singleUse ? null : (
        <button
          type="button"
          className={buttonVariants({ variant: 'outline', size: 'lg', className: 'mt-6 w-full sm:w-auto' })}
          onClick={onAgain}
        >
          Answer again
        </button>
      )}
    </section>
  );
}

const SEND_STATUS_ID = 'form-fill-send-status';

/** The intro, the questions and Send; the draft kept in this browser until the answers are sent. */
function FillForm({ token, formId, view }: { token: string; formId: string; view: FormFillView }) {
  const key = draftKey(formId, token);
  const [values, setValues] = useState<Record<string, AnswerValue>>(() => {
    const kept = readDraft(key);
    return Object.fromEntries(
      view.questions.filter((question) => question.id in kept).map((question) => [question.id, kept[question.id] ?? null]),
    );
  });
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [send, setSend] = useState<SendState>({ kind: 'idle' });
  const root = useRef<HTMLDivElement>(null);
  /** Where focus goes after this render: the result of sending, or the first question to fix. */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (send.kind !== 'sent') writeDraft(key, values);
  }, [key, values, send.kind]);

  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    const element = id === 'heading' ? root.current?.querySelector('h1') : document.getElementById(id);
    if (element instanceof HTMLElement) focusElement(element);
  });

  const change = (questionId: string, value: AnswerValue) => {
    setValues((all) => ({ ...all, [questionId]: value }));
    // An answer being changed is no longer the one the message was about.
    setIssues((all) => {
      if (!(questionId in all)) return all;
      const { [questionId]: _fixed, ...rest } = all;
      return rest;
    });
  };

  const submit = useCallback(async () => {
    const showIssues = (found: Record<string, string>) => {
      setIssues(found);
      const first = view.questions.find((question) => question.id in found);
      if (first) focusNext.current = questionControlId(first.id);
    };
    const answers = view.questions.map((question) => ({ questionId: question.id, value: values[question.id] ?? null }));
    const found = answerIssues(view.questions, answers);
    if (found.length > 0) {
      showIssues(Object.fromEntries(found.map((issue) => [issue.questionId, issue.message])));
      setSend({ kind: 'failed', message: FILL_MESSAGES.needsAttention, canRetry: false });
      return;
    }
    setIssues({});
    setSend({ kind: 'sending' });
    try {
      await sendFormAnswers(token, answers);
      clearDraft(key);
      focusNext.current = SENT_HEADING_ID;
      setSend({ kind: 'sent' });
    } catch (error) {
      if (!(error instanceof LinkRequestError)) {
        setSend({ kind: 'failed', message: FILL_MESSAGES.sendFailed, canRetry: true });
      } else if (error.status === null) {
        setSend({ kind: 'waiting', message: navigator.onLine === false ? FILL_MESSAGES.sendOffline : FILL_MESSAGES.sendNetwork });
      } else if (error.status === 400 && Object.keys(error.issues).length > 0) {
        showIssues(error.issues);
        setSend({ kind: 'failed', message: FILL_MESSAGES.needsAttention, canRetry: false });
      } else if (error.status === 404 || error.status === 410) {
        setSend({ kind: 'closed', message: error.message });
      } else {
        setSend({ kind: 'failed', message: error.message, canRetry: error.canRetry });
      }
    }
  }, [key, token, values, view.questions]);

  // Waiting for the connection: send by itself once the browser is back online.
  useEffect(() => {
    if (send.kind !== 'waiting') return undefined;
    const again = () => void submit();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [send.kind, submit]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.kind === 'sending') return;
    void submit();
  };

  const again = () => {
    setValues({});
    setIssues({});
    setSend({ kind: 'idle' });
    focusNext.current = 'heading';
  };

  if (send.kind === 'sent') {
    return (
      <div ref={root}>
        <Sent view={view} onAgain={again} />
      </div>
    );
  }

  const sending = send.kind === 'sending';
  const note = send.kind === 'waiting' || send.kind === 'failed' || send.kind === 'closed' ? send.message : null;
  const canRetry = send.kind === 'waiting' || (send.kind === 'failed' && send.canRetry);
  return (
    <div ref={root} className="grid gap-6">
      <FormIntro title={view.title} intro={view.intro} firstName={view.firstName} recipientName={view.recipientName} />
      <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-describedby={note ? SEND_STATUS_ID : undefined}>
        <FormQuestions questions={view.questions} values={values} issues={issues} onChange={change} disabled={sending} />
        <div className="grid gap-3">
          {note ? (
            <p id={SEND_STATUS_ID} role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-lg text-red-900">
              {note}
            </p>
          ) : null}
          {send.kind === 'closed' ? null : (
            <button
              type="submit"
              className={buttonVariants({ size: 'lg', className: 'w-full' })}
              aria-busy={sending || undefined}
              aria-disabled={sending || undefined}
            >
              {sending ? 'Sending...' : canRetry ? 'Try again' : 'Send'}
            </button>
          )}
          <p className="text-center text-sm text-ink-muted">Your answers are kept on this device until they are sent.</p>
        </div>
      </form>
    </div>
  );
}

/** `early`: POST /api/forms/fill for this page's token, sent before this code arrived. */
export default function FormFillPage({ early }: { early?: Promise<Response> | undefined } = {}) {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const [formId] = useState(() => fillFormId(window.location.pathname) ?? 'form');
  const { state, retry } = useLinkLoad(token, readFormFill, FILL_MESSAGES.failed, early);
  const main = useRef<HTMLElement>(null);
  useLinkPage();

  // Once the form (or why it did not open) is on the page, focus its heading.
  const loaded = useRef(false);
  useEffect(() => {
    if (state.kind === 'loading') {
      loaded.current = true;
      return;
    }
    if (!loaded.current) return;
    loaded.current = false;
    const heading = main.current?.querySelector('h1');
    if (heading) focusElement(heading);
  }, [state.kind]);

  const view = state.kind === 'ready' ? state.view : null;
  useEffect(() => {
    document.title = `${view ? view.title : FILL_TITLE} - ${SITE_NAME}`;
  }, [view]);

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-brand-300 bg-brand-50 py-3">
        <div className="mx-auto flex max-w-2xl flex-wrap items-baseline justify-between gap-x-4 px-4">
          <a href="/" className="text-xl font-bold text-ink no-underline">
            {SITE_NAME}
          </a>
          <span className="text-sm text-ink-muted">Questions sent to you by link</span>
        </div>
      </header>
      <main ref={main} className="mx-auto w-full max-w-2xl min-w-0 flex-1 px-4 py-6">
        {state.kind === 'loading' ? <PageSpinner label="Opening the form..." /> : null}
        {state.kind === 'incomplete' ? <Message title="This link is not complete">{FILL_MESSAGES.incomplete}</Message> : null}
        {state.kind === 'offline' ? <Message title="You are offline">{FILL_MESSAGES.offline}</Message> : null}
        {state.kind === 'failed' ? (
          <Message title="This form did not open" action={state.canRetry ? { label: 'Try again', onClick: retry } : undefined}>
            {state.message}
          </Message>
        ) : null}
        {view && token ? <FillForm token={token} formId={formId} view={view} /> : null}
      </main>
      {state.kind === 'loading' ? null : (
        <footer className="border-t border-brand-200 px-4 py-4 text-center text-sm text-ink-muted">
          Sent from Trelli by link. Your answers go to the family who sent it; no account is needed.
        </footer>
      )}
    </div>
  );
}
