import { Link } from 'react-router-dom';
import { childActions, type Child } from '#shared/schemas/child.ts';
import { ageLabel, childDisplayName, gradeLabel, supportPlanLabel } from '../../../lib/child-labels.ts';
import { PATHS } from '../../../lib/paths.ts';
import { RoleGate } from '../../components/child-role.tsx';

/** Where the profile is edited: the onboarding steps, filled in with the selected child. */
export const EDIT_PROFILE_PATH = `${PATHS.onboarding}?edit`;

/** The selected child at a glance: name, age, grade, plan, diagnoses, and what they are good at. */
export function ChildCard({ child }: { child: Child }) {
  const name = childDisplayName(child);
  return (
    <section aria-labelledby="child-card-name" className="grid content-start gap-4 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full text-xl font-bold text-ink"
          style={{ backgroundColor: child.avatarColor ?? '#B5D5D0' }}
        >
          {child.firstName.slice(0, 1).toUpperCase()}
        </span>
        <h2 id="child-card-name" className="text-2xl font-bold text-ink">
          {name}
        </h2>
        <RoleGate action={childActions.update}>
          <Link
            to={EDIT_PROFILE_PATH}
            className="ml-auto text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            Edit profile
          </Link>
        </RoleGate>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-semibold text-ink-muted">Age</dt>
          <dd className="text-lg text-ink">{ageLabel(child.ageYears)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-muted">Grade</dt>
          <dd className="text-lg text-ink">{child.grade ? gradeLabel(child.grade) : 'Not added yet'}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-muted">Support plan</dt>
          <dd className="text-lg text-ink">{child.supportPlan ? supportPlanLabel(child.supportPlan) : 'Not added yet'}</dd>
        </div>
      </dl>
      {child.diagnoses.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-ink-muted">Diagnoses and areas being explored</h3>
          <ul className="flex flex-wrap gap-2">
            {child.diagnoses.map((diagnosis) => (
              <li key={diagnosis} className="rounded-full border border-ink/15 px-3 py-1 text-sm text-ink">
                {diagnosis}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {child.strengths.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-ink-muted">Strengths</h3>
          <ul className="flex flex-wrap gap-2">
            {child.strengths.map((strength) => (
              <li key={strength} className="rounded-full bg-brand-100 px-3 py-1 text-sm text-ink">
                {strength}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <RoleGate action={childActions.update}>
          <p className="text-sm text-ink-muted">
            <Link to={EDIT_PROFILE_PATH} className="font-semibold text-brand-800 underline underline-offset-4">
              Add what {child.firstName} is good at
            </Link>{' '}
            so every plan starts from strengths.
          </p>
        </RoleGate>
      )}
    </section>
  );
}
