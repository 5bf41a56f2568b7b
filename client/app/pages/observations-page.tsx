import { observationActions } from '#shared/schemas/observation.ts';
import { firstNamesList } from '../../lib/child-labels.ts';
import { useChildContext } from '../child-context.tsx';
import { AddChildFirst } from '../components/add-child-first.tsx';
import { RoleGate, ViewOnlyNote } from '../components/child-role.tsx';
import { EveryChildSwitch } from '../components/every-child-switch.tsx';
import { useEveryChildView } from '../hooks/use-every-child-view.ts';
import { ObservationList } from '../features/observations/observation-list.tsx';
import { QuickObservationForm } from '../features/observations/quick-observation-form.tsx';
import { WeeklyTrendChart } from '../features/observations/weekly-trend-chart.tsx';

const QUICK_CAPTURE_ID = 'observations-quick-capture';

function focusQuickCapture() {
  const field = document.querySelector<HTMLTextAreaElement>(`#${QUICK_CAPTURE_ID} textarea`);
  field?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  field?.focus({ preventScroll: true });
}

const card = 'grid content-start gap-4 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm';

/**
 * /observations for the selected child: a quick capture (what, when, where, a win in one click), the
 * last 12 weeks of wins against concerns, and every note with filters, search, edit and delete. With
 * FLAG_SCOPED_OBSERVATIONS off and two children or more, the list opens on every child's notes, each
 * named by its child; the capture and the chart stay the selected child's and say whose (decision 0098).
 */
export default function ObservationsPage() {
  const { selectedChild, children } = useChildContext();
  const view = useEveryChildView('FLAG_SCOPED_OBSERVATIONS');

  // RequireChildContext shows a screen only once a child is selected, if there is one: no child
  // selected here means none has been added yet.
  if (!selectedChild) {
    return (
      <AddChildFirst title="Observations" card>
        Add your child first, then note what you notice here.
      </AddChildFirst>
    );
  }

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">Observations</h1>
        <p className="max-w-2xl text-ink-muted">
          What you notice about {view.everyChild ? firstNamesList(children) : selectedChild.firstName}, day to day: the wins as much as the
          worries. A sentence is enough.
        </p>
        <ViewOnlyNote />
        <EveryChildSwitch view={view} label="Whose notes" />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <RoleGate action={observationActions.create}>
          <section id={QUICK_CAPTURE_ID} aria-labelledby="quick-capture-heading" className={card}>
            <h2 id="quick-capture-heading" className="text-xl font-bold text-ink">
              {view.everyChild ? `Note something about ${selectedChild.firstName}` : 'Note something'}
            </h2>
            <QuickObservationForm />
          </section>
        </RoleGate>
        <section aria-labelledby="trend-heading" className={card}>
          <h2 id="trend-heading" className="text-xl font-bold text-ink">
            {view.everyChild ? `${selectedChild.firstName}\u2019s wins and concerns, last 12 weeks` : 'Wins and concerns, last 12 weeks'}
          </h2>
          <WeeklyTrendChart />
        </section>
      </div>
      <ObservationList onWriteFirst={focusQuickCapture} everyChild={view.everyChild} />
    </div>
  );
}
