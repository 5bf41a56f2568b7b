import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../lib/paths.ts';
import { useChildContext } from '../../child-context.tsx';
import { ChildForm } from './child-form.tsx';
import { useCreateChild } from './use-child-mutations.ts';

/** SPEC §2: /onboarding and /onboarding/new-child are the same screen. */
export default function OnboardingPage() {
  const { children } = useChildContext();
  const createChild = useCreateChild();
  const navigate = useNavigate();
  const first = children.length === 0;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">{first ? 'Tell us about your child' : 'Add another child'}</h1>
        <p className="max-w-2xl text-ink-muted">
          {first
            ? 'Start with the basics. You can add more about strengths, challenges and support later.'
            : 'Each child gets their own profile, dashboard and records.'}
        </p>
      </div>
      <ChildForm
        submitLabel={first ? 'Create profile' : 'Add child'}
        onSubmit={async (input) => {
          await createChild.mutateAsync(input);
          navigate(PATHS.dashboard);
        }}
      />
    </div>
  );
}
