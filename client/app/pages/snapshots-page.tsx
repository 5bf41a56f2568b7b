import { Link } from 'react-router-dom';
import { MEETING_PACK_PATH } from '#shared/schemas/snapshot.ts';
import { firstNamesList } from '../../lib/child-labels.ts';
import { useChildContext } from '../child-context.tsx';
import { AddChildFirst } from '../components/add-child-first.tsx';
import { AskForDataButton } from '../components/ask-for-data-button.tsx';
import { ViewOnlyNote } from '../components/child-role.tsx';
import { EveryChildSwitch } from '../components/every-child-switch.tsx';
import { useEveryChildView } from '../hooks/use-every-child-view.ts';
import { EveryChildSnapshots } from '../features/snapshots/every-child-snapshots.tsx';
import { SnapshotsScreen } from '../features/snapshots/snapshots-screen.tsx';
import { FormsList } from '../features/forms/forms-list.tsx';
import { ResponseInbox } from '../features/forms/response-inbox.tsx';

/** Smart forms (issue 28): ask a teacher, the child's forms, and the answers waiting to be approved. */
function SmartForms({ firstName }: { firstName: string }) {
  return (
    <section aria-labelledby="smart-forms-heading" className="grid min-w-0 gap-6 border-t border-ink/10 pt-8">
      <div className="grid gap-3">
        <h2 id="smart-forms-heading" className="text-2xl font-bold text-ink">
          Smart forms
        </h2>
        <p className="max-w-2xl text-ink-muted">
          Ask a teacher or therapist a few questions about {firstName}&rsquo;s goals by a link, no account needed. Their answers wait here
          until you approve them; then each joins the record saying who answered and when.
        </p>
        <div>
          <AskForDataButton template="teacher-weekly" variant="primary" />
        </div>
      </div>
      <FormsList firstName={firstName} />
      <ResponseInbox level={3} />
    </section>
  );
}

/**
 * /snapshots: the selected child's snapshots (one-page profiles for a teacher, a sitter, a doctor or
 * the IEP team), their share links, and the way to the IEP meeting pack. With FLAG_SCOPED_SNAPSHOTS
 * off and two children or more, it opens on every child's snapshots and links, read-only, each named
 * by its child (decisions 0098 and 0107); making, changing and sharing happen in one child's view.
 * One child's view also holds the smart forms: "Ask a teacher", the forms and the answers' inbox.
 */
export default function SnapshotsPage() {
  const { selectedChild, children } = useChildContext();
  const view = useEveryChildView('FLAG_SCOPED_SNAPSHOTS');

  if (!selectedChild) {
    return (
      <AddChildFirst title="Snapshots" card>
        Add your child first, then make a one-page snapshot of them to share.
      </AddChildFirst>
    );
  }

  return (
    <div className="grid min-w-0 gap-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">Snapshots</h1>
        <p className="max-w-2xl text-ink-muted">
          {view.everyChild ? firstNamesList(children) : selectedChild.firstName} on one page, for a new teacher, a sitter, a doctor or the
          IEP team, built from the record each time it is read.
        </p>
        <ViewOnlyNote />
        <EveryChildSwitch view={view} label="Whose snapshots" />
        <p>
          <Link to={MEETING_PACK_PATH} className="font-semibold text-brand-800 underline underline-offset-4">
            Prepare an IEP meeting pack
          </Link>
        </p>
      </div>
      {/* Keyed by child: the snapshot opened and the unsaved choices start over for another child. */}
      {view.everyChild ? (
        <EveryChildSnapshots view={view} />
      ) : (
        <div key={selectedChild.id} className="grid min-w-0 gap-8">
          <SnapshotsScreen firstName={selectedChild.firstName} />
          <SmartForms firstName={selectedChild.firstName} />
        </div>
      )}
    </div>
  );
}
