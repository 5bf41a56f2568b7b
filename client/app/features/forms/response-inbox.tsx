import { useId, useState } from 'react';
import { FORM_RESPONSE_STATUSES, type FormResponse, type FormResponseStatus } from '#shared/schemas/form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { OfflineNotice } from '../../components/saving-offline.tsx';
import { ResponseCard } from './response-card.tsx';
import { useFormResponseDecisions, useFormResponses } from './use-form-responses.ts';

/** The inbox's three views: what waits for the parent, and the history behind the other two. */
export const STATUS_FILTER_LABELS: Record<FormResponseStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Left out',
};

/** What an empty view says; on a goal, about that goal's answers. */
export function emptyInboxText(status: FormResponseStatus, onGoal: boolean): string {
  const about = onGoal ? ' about this goal' : '';
  if (status === 'pending') {
    return `No answers${about} are waiting. When a teacher or therapist answers a form you sent, the answers show here for you to approve or leave out.`;
  }
  return status === 'approved' ? `No answers${about} have been approved yet.` : `No answers${about} have been left out.`;
}

export interface ResponseInboxProps {
  /** Only responses with an answer tied to this goal (on the goal's page). */
  goalId?: number;
  /** The inbox's heading rank where it sits (its cards take the next). */
  level?: 2 | 3;
  title?: string;
}

/**
 * The answers teachers and therapists sent through a form's link: each waiting response with who
 * answered, when, each answer beside its question and what approving makes of it; Approve / Leave out
 * for an updater or owner. Approved and left-out responses are behind the filter.
 */
export function ResponseInbox({ goalId, level = 2, title = 'Answers from forms' }: ResponseInboxProps) {
  const prefix = useId();
  const headingId = `${prefix}-inbox`;
  const [status, setStatus] = useState<FormResponseStatus>('pending');
  const responses = useFormResponses({ status, ...(goalId !== undefined ? { goalId } : {}) });
  const { approve, reject } = useFormResponseDecisions();
  const [deciding, setDeciding] = useState<{ id: number; kind: 'approve' | 'reject' } | null>(null);

  // The decided card leaves this view: focus goes to the inbox's heading, which stays.
  const decide = (kind: 'approve' | 'reject', response: FormResponse) => {
    setDeciding({ id: response.id, kind });
    (kind === 'approve' ? approve : reject).mutate(
      { id: response.id },
      {
        onSuccess: () => focusWhenShown(headingId),
        onSettled: () => setDeciding(null),
      },
    );
  };

  const Heading = level === 2 ? 'h2' : 'h3';
  let body;
  if (responses.data) {
    body =
      responses.data.length === 0 ? (
        <p className="text-ink-muted">{emptyInboxText(status, goalId !== undefined)}</p>
      ) : (
        <ul className="grid gap-3">
          {responses.data.map((response) => (
            <li key={response.id} className="grid min-w-0">
              <ResponseCard
                response={response}
                level={level === 2 ? 3 : 4}
                pending={deciding?.id === response.id ? deciding.kind : null}
                onApprove={(chosen) => decide('approve', chosen)}
                onReject={(chosen) => decide('reject', chosen)}
              />
            </li>
          ))}
        </ul>
      );
  } else if (responses.isError) {
    body = <LoadFailed message="We could not load the answers just now." onRetry={() => void responses.refetch()} />;
  } else if (responses.fetchStatus === 'paused') {
    body = <p className="text-ink-muted">You&apos;re offline. The answers will show when you&apos;re back online.</p>;
  } else {
    body = <Spinner size="small" label="Loading the answers" showLabel />;
  }

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <Heading id={headingId} tabIndex={-1} className={cn('font-bold text-ink', level === 2 ? 'text-2xl' : 'text-lg')}>
        {title}
      </Heading>
      <div role="group" aria-label="Show answers" className="flex flex-wrap gap-2">
        {FORM_RESPONSE_STATUSES.map((each) => (
          <Button
            key={each}
            size="sm"
            variant={status === each ? 'primary' : 'outline'}
            aria-pressed={status === each}
            onClick={() => setStatus(each)}
          >
            {STATUS_FILTER_LABELS[each]}
          </Button>
        ))}
      </div>
      {body}
      <OfflineNotice pending={deciding !== null} what="choice" />
    </section>
  );
}
