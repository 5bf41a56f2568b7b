import { answerText, isAnswered } from '#shared/form-answers.ts';
import { formResponseActions, type FormResponse } from '#shared/schemas/form.ts';
import { entrySourceLine } from '#shared/record-labels.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate, formatShortDate } from '../../../lib/dates.ts';
import { addedByText } from '../../components/added-by.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { useOnline } from '../../hooks/use-online.ts';

export type ResponseAnswer = FormResponse['answers'][number];

const NUMBER = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** "Ms Lee (teacher), answered Nov 3": who answered, as every record from the response will say it. */
export function answeredByText(response: Pick<FormResponse, 'recipientName' | 'recipientRole' | 'answeredAt'>): string {
  return entrySourceLine({ name: response.recipientName, role: response.recipientRole, answeredAt: response.answeredAt }).replace(
    /^from /,
    '',
  );
}

/** What approving does with an answer (pending), or did (approved). */
export function outcomeText(answer: Pick<ResponseAnswer, 'becomes' | 'goal'>, status: FormResponse['status']): string | null {
  if (status === 'rejected') return null;
  const done = status === 'approved';
  if (answer.becomes === 'progress' && answer.goal) {
    return done ? `Added as a progress entry on ${answer.goal.title}` : `Becomes a progress entry on ${answer.goal.title}`;
  }
  if (answer.becomes === 'observation') return done ? 'Added as an observation' : 'Becomes an observation';
  return done ? 'Kept in the response' : 'Stays in the response';
}

/** "Recent: 4 (Oct 20), 5 (Oct 27)", "No values recorded yet". */
export function recentValuesText(goal: NonNullable<ResponseAnswer['goal']>): string {
  if (goal.recent.length === 0) return 'No values recorded yet';
  const unit = goal.unit?.trim();
  const values = goal.recent.map((entry) => `${NUMBER.format(entry.value)} (${formatShortDate(entry.on)})`).join(', ');
  return `Recent${unit ? ` (${unit})` : ''}: ${values}`;
}

function AnswerRow({ answer, status }: { answer: ResponseAnswer; status: FormResponse['status'] }) {
  const outcome = outcomeText(answer, status);
  return (
    <div className="grid gap-1 border-t border-ink/10 pt-3 first:border-t-0 first:pt-0">
      <dt className="font-semibold wrap-anywhere text-ink">{answer.prompt}</dt>
      <dd className="grid gap-1">
        <span className={`whitespace-pre-line wrap-anywhere ${isAnswered(answer.value) ? 'text-ink' : 'text-ink-muted italic'}`}>
          {answerText(answer, { formatDay: formatDate, formatNumber: (value) => NUMBER.format(value) })}
        </span>
        {answer.goal ? (
          <span className="text-sm wrap-anywhere text-ink-muted">
            <span className="font-semibold">Goal:</span> {answer.goal.title}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">. </span>
            {recentValuesText(answer.goal)}
          </span>
        ) : null}
        {outcome ? <span className="text-sm font-medium wrap-anywhere text-brand-800">{outcome}</span> : null}
      </dd>
    </div>
  );
}

export interface ResponseCardProps {
  response: FormResponse;
  onApprove: (response: FormResponse) => void;
  onReject: (response: FormResponse) => void;
  /** The decision under way on this response, if any. */
  pending: 'approve' | 'reject' | null;
  /** The card's heading rank: one below the inbox's. */
  level?: 3 | 4;
}

/** One response in the inbox: who answered and when, each answer beside its question, and (pending, updater+) Approve / Leave out. */
export function ResponseCard({ response, onApprove, onReject, pending, level = 3 }: ResponseCardProps) {
  const Heading = level === 3 ? 'h3' : 'h4';
  const online = useOnline();
  const headingId = `form-response-${response.id}`;
  const who = answeredByText(response);
  const decided =
    response.decidedAt === null
      ? null
      : addedByText(response.decidedBy, response.decidedAt, response.status === 'approved' ? 'Approved' : 'Left out');
  return (
    <article aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-xl border border-ink/10 bg-white p-4">
      <div className="grid gap-1">
        <Heading id={headingId} className="text-lg font-semibold wrap-anywhere text-ink">
          {who}
        </Heading>
        <p className="text-sm wrap-anywhere text-ink-muted">{response.formTitle}</p>
        {decided ? <p className="text-sm text-ink-muted">{decided}</p> : null}
      </div>
      {response.answers.length === 0 ? (
        <p className="text-ink-muted">No question was answered.</p>
      ) : (
        <dl className="grid gap-3">
          {response.answers.map((answer) => (
            <AnswerRow key={answer.questionId} answer={answer} status={response.status} />
          ))}
        </dl>
      )}
      {response.status === 'pending' ? (
        <RoleGate action={[formResponseActions.approve, formResponseActions.reject]}>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              loading={pending === 'approve' && online}
              aria-disabled={pending !== null || undefined}
              onClick={() => pending === null && onApprove(response)}
            >
              Approve<span className="sr-only"> the answers from {who}</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              loading={pending === 'reject' && online}
              aria-disabled={pending !== null || undefined}
              onClick={() => pending === null && onReject(response)}
            >
              Leave out<span className="sr-only"> the answers from {who}</span>
            </Button>
          </div>
        </RoleGate>
      ) : null}
    </article>
  );
}
