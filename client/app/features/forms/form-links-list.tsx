import { RECIPIENT_ROLE_LABELS } from '#shared/record-labels.ts';
import type { FormLink } from '#shared/schemas/form.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { focusWhenShown } from '../../../lib/focus.ts';
import { AddedBy } from '../../components/added-by.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { LinkDateRows, linkOpensText } from '../../components/share-link.tsx';
import { useFormLinks, useRevokeFormLink } from './use-forms.ts';

const FORM_LINKS_HEADING_ID = 'form-links-heading';

function answersText(link: Pick<FormLink, 'responses' | 'singleUse'>): string {
  const answers = link.responses === 0 ? 'No answers yet' : link.responses === 1 ? '1 answer' : `${link.responses} answers`;
  return link.singleUse ? `${answers} · works once` : answers;
}

function LinkItem({ link }: { link: FormLink }) {
  const revoke = useRevokeFormLink();
  const who = `${link.recipientName} (${RECIPIENT_ROLE_LABELS[link.recipientRole].toLowerCase()})`;
  return (
    <article aria-labelledby={`form-link-${link.id}`} className="grid gap-2 rounded-xl border border-ink/10 bg-white p-4">
      <h3 id={`form-link-${link.id}`} className="min-w-0 font-semibold wrap-anywhere text-ink">
        {who}
      </h3>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <LinkDateRows link={link} />
        <div>
          <dt className="sr-only">Opened: </dt>
          <dd>{linkOpensText(link)}</dd>
        </div>
        <div>
          <dt className="sr-only">Answers: </dt>
          <dd>{answersText(link)}</dd>
        </div>
      </dl>
      <AddedBy author={link.addedBy} at={link.createdAt} verb="Sent" />
      <div>
        <ConfirmDelete
          label="Turn off"
          accessibleName={`Turn off the link for ${who}`}
          question={`Turn off this link? ${link.recipientName} will no longer be able to answer. Answers already sent stay.`}
          confirmLabel="Turn off"
          pending={revoke.isPending}
          onConfirm={() => revoke.mutateAsync({ linkId: link.id }).then(() => focusWhenShown(FORM_LINKS_HEADING_ID))}
        />
      </div>
    </article>
  );
}

/** The open links of one form (owners only): who each is for, when it was made and ends, its opens and answers; Turn off. */
export function FormLinksList({ formId }: { formId: number }) {
  const links = useFormLinks(formId, true);
  let body;
  if (links.data) {
    body =
      links.data.length === 0 ? (
        <p className="text-ink-muted">No link is open. Send the form to someone to make one.</p>
      ) : (
        <ul className="grid gap-3">
          {links.data.map((link) => (
            <li key={link.id}>
              <LinkItem link={link} />
            </li>
          ))}
        </ul>
      );
  } else if (links.isError) {
    body = <LoadFailed message="We could not load the links just now." onRetry={() => void links.refetch()} />;
  } else if (links.fetchStatus === 'paused') {
    body = <p className="text-ink-muted">You&apos;re offline. The links will show when you&apos;re back online.</p>;
  } else {
    body = <Spinner size="small" label="Loading the links" showLabel />;
  }
  return (
    <section aria-labelledby={FORM_LINKS_HEADING_ID} className="grid gap-3">
      <h2 id={FORM_LINKS_HEADING_ID} tabIndex={-1} className="text-xl font-bold text-ink">
        Open links
      </h2>
      <p className="max-w-2xl text-ink-muted">Each link ends on its own date. Turning one off stops it at once.</p>
      {body}
    </section>
  );
}
