import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { childActions, childCreateSchema, childUpdateSchema } from '#shared/schemas/child.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useChildContext } from '../child-context.tsx';
import { RoleGate } from '../components/child-role.tsx';
import { useScreenTitle } from '../components/screen.tsx';
import { useFeatureFlag } from '../feature-flags.tsx';
import { toCreateInput, toUpdateInput, valuesFromChild } from '../features/children/onboarding-steps.ts';
import { OnboardingWizard } from '../features/children/onboarding-wizard.tsx';
import { useFinishOnboarding, useSaveProfile } from '../features/children/use-onboarding.ts';

function EditProfile() {
  const { selectedChild } = useChildContext();
  const { save } = useSaveProfile();
  const navigate = useNavigate();
  useScreenTitle(selectedChild ? `Edit ${selectedChild.firstName}’s profile` : 'Edit profile');
  if (!selectedChild) {
    return (
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold text-ink">Edit profile</h1>
        <p className="text-ink-muted">Add a child first, then you can edit their profile here.</p>
        <Link to={PATHS.onboarding} className={buttonClasses({ className: 'justify-self-start' })}>
          Add a child
        </Link>
      </div>
    );
  }
  const onlyOwners = (
    <div className="grid gap-4">
      <h1 className="text-3xl font-bold text-ink">{selectedChild.firstName}&rsquo;s profile</h1>
      <p className="text-ink-muted">Only an owner of {selectedChild.firstName}&rsquo;s record can change the profile.</p>
      <Link to={PATHS.dashboard} className={buttonClasses({ variant: 'outline', className: 'justify-self-start' })}>
        Back to the dashboard
      </Link>
    </div>
  );
  return (
    <RoleGate action={childActions.update} otherwise={onlyOwners}>
      <div className="grid gap-6">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold text-ink">Edit {selectedChild.firstName}&rsquo;s profile</h1>
          <p className="max-w-2xl text-ink-muted">Open any step and save when you are ready.</p>
        </div>
        <OnboardingWizard
          editing
          submitLabel="Save changes"
          initialValues={valuesFromChild(selectedChild)}
          onSubmit={async (values, skipped) => {
            await save(selectedChild.id, childUpdateSchema.parse(toUpdateInput(values, skipped)));
            navigate(PATHS.dashboard);
          }}
        />
      </div>
    </RoleGate>
  );
}

/**
 * SPEC §2: /onboarding and /onboarding/new-child are the same screen: a four-step wizard that
 * creates the child, starts the roadmap and lands on the dashboard. `/onboarding?edit` edits the
 * selected child's profile with the same steps.
 */
export default function OnboardingPage() {
  const { children } = useChildContext();
  const { user } = useAuth();
  const autosave = useFeatureFlag('FLAG_DEBOUNCED_AUTOSAVE');
  const { finish } = useFinishOnboarding();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (params.has('edit')) return <EditProfile />;

  const first = children.length === 0;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">{first ? 'Tell us about your child' : 'Add another child'}</h1>
        <p className="max-w-2xl text-ink-muted">
          {first
            ? 'Four short steps. Only a first name and a date of birth are needed; skip anything you are not sure about and add it later.'
            : 'Each child gets their own profile, dashboard and records.'}
        </p>
      </div>
      <OnboardingWizard
        submitLabel={first ? 'Create profile' : 'Add child'}
        draftUserId={autosave ? (user?.id ?? null) : null}
        onSubmit={async (values, skipped) => {
          await finish(childCreateSchema.parse(toCreateInput(values, skipped)));
          navigate(PATHS.dashboard);
        }}
      />
    </div>
  );
}
