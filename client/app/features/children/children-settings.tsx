import { useId, useState } from 'react';
import { childActions, childUpdateSchema, type Child } from '#shared/schemas/child.ts';
import { mayDo } from '#shared/schemas/roles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ageLabel, childDisplayName, gradeLabel } from '../../../lib/child-labels.ts';
import { useChildContext } from '../../child-context.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { SettingsSection } from '../../components/settings-section.tsx';
import { SHARED_ROLE_NOTES } from './child-profile-labels.ts';
import { DeleteChild } from './delete-child.tsx';
import { MedicationsList } from './medications-list.tsx';
import { toUpdateInput, valuesFromChild } from './onboarding-steps.ts';
import { OnboardingWizard } from './onboarding-wizard.tsx';
import { PeopleList } from './people-list.tsx';
import { useSaveProfile } from './use-onboarding.ts';

/** One child in Settings: the profile (edited with the onboarding's steps), its deletion, its medications and people. */
function ChildSettingsCard({ child }: { child: Child }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const { save } = useSaveProfile();
  const canEdit = mayDo(child.role, childActions.update);
  const canDelete = mayDo(child.role, childActions.delete);
  const name = childDisplayName(child);
  const facts = [ageLabel(child.ageYears), child.grade ? gradeLabel(child.grade) : null, child.school].filter(Boolean).join(' · ');

  return (
    <article aria-labelledby={headingId} className="grid gap-5 rounded-xl border border-ink/10 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={headingId} className="text-lg font-semibold text-ink">
            {name}
          </h3>
          <p className="text-ink-muted">{facts}</p>
          {child.sharedWithYou ? <p className="text-sm text-ink-muted">{SHARED_ROLE_NOTES[child.role]}</p> : null}
        </div>
        {(canEdit || canDelete) && !editing ? (
          <div className="flex flex-wrap items-center gap-2">
            {canEdit ? (
              <Button variant="outline" size="sm" aria-label={`Edit profile: ${child.firstName}`} onClick={() => setEditing(true)}>
                Edit profile
              </Button>
            ) : null}
            {canDelete ? <DeleteChild child={child} /> : null}
          </div>
        ) : null}
      </div>
      {editing ? (
        <div className="grid gap-3">
          <OnboardingWizard
            editing
            submitLabel="Save changes"
            initialValues={valuesFromChild(child)}
            onSubmit={async (values, skipped) => {
              await save(child.id, childUpdateSchema.parse(toUpdateInput(values, skipped)));
              setEditing(false);
            }}
          />
          <div>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Close without saving
            </Button>
          </div>
        </div>
      ) : null}
      <MedicationsList childId={child.id} childRole={child.role} />
      <PeopleList childId={child.id} childRole={child.role} />
    </article>
  );
}

/**
 * Settings: every child the person can see, each with its profile, medications and people. What a
 * person's role on a child does not allow is not offered (the server refuses it anyway).
 */
export function ChildrenSettings() {
  const { children, isLoading, error, refetch } = useChildContext();
  let body;
  if (isLoading) body = <Spinner size="small" label="Loading your children" showLabel />;
  else if (error && children.length === 0) body = <LoadFailed message="We could not load your children just now." onRetry={refetch} />;
  else if (children.length === 0) body = <p className="text-ink-muted">No children yet. Add a child to keep their profile here.</p>;
  else body = children.map((child) => <ChildSettingsCard key={child.id} child={child} />);
  return (
    <SettingsSection title="Children" description={<>Each child&apos;s profile, the medications they take and the people around them.</>}>
      {body}
    </SettingsSection>
  );
}
