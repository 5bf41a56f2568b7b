import { earliestPastDay, todayIso } from '#shared/schemas/dates.ts';
import {
  MEDICATION_LIMITS,
  medicationActions,
  medicationCreateSchema,
  medicationUpdateSchema,
  type Medication,
} from '#shared/schemas/medication.ts';
import { mayDo, type ChildRole } from '#shared/schemas/roles.ts';
import { formatDate } from '../../../lib/dates.ts';
import { TextAreaField, TextField } from '../../components/form-field.tsx';
import { MEDICATIONS_EMPTY_TEXT } from './child-profile-labels.ts';
import { ProfileForm, type FieldBinding } from './profile-form.tsx';
import { ProfileItem, ProfileList } from './profile-list.tsx';
import { useMedications, useRemoveMedication, useSaveMedication } from './use-child-profile.ts';

/** A child's list and the role on that child of who is looking at it. */
export interface ListAccess {
  childId: number;
  childRole: ChildRole;
}

function MedicationForm({ childId, medication, onDone }: { childId: number; medication?: Medication; onDone: () => void }) {
  const { create, update } = useSaveMedication();
  const initial = {
    name: medication?.name ?? '',
    dose: medication?.dose ?? '',
    schedule: medication?.schedule ?? '',
    prescriber: medication?.prescriber ?? '',
    startedOn: medication?.startedOn ?? '',
    notes: medication?.notes ?? '',
    active: medication?.active ?? true,
  };
  const fields = (bind: (field: Exclude<keyof typeof initial, 'active'>) => FieldBinding) => (
    <>
      <TextField
        label="Medication"
        required
        limit={MEDICATION_LIMITS.name}
        autoComplete="off"
        placeholder="e.g. Melatonin"
        {...bind('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Dose" optional limit={MEDICATION_LIMITS.dose} autoComplete="off" placeholder="e.g. 10 mg" {...bind('dose')} />
        <TextField
          label="When"
          optional
          limit={MEDICATION_LIMITS.schedule}
          autoComplete="off"
          placeholder="e.g. every morning"
          {...bind('schedule')}
        />
        <TextField label="Prescribed by" optional limit={MEDICATION_LIMITS.prescriber} autoComplete="off" {...bind('prescriber')} />
        <TextField label="Started" type="date" optional min={earliestPastDay()} max={todayIso()} {...bind('startedOn')} />
      </div>
      <TextAreaField label="Notes" optional limit={MEDICATION_LIMITS.notes} rows={2} {...bind('notes')} />
    </>
  );
  const common = { initial, required: ['name'] as const, what: 'medication', onDone };
  if (!medication) {
    return (
      <ProfileForm
        {...common}
        label="Add a medication"
        mode="create"
        schema={medicationCreateSchema}
        save={(data) => create.mutateAsync({ childId, data })}
        pending={create.isPending}
        submitLabel="Add medication"
        renderFields={fields}
      />
    );
  }
  return (
    <ProfileForm
      {...common}
      label={`Edit ${medication.name}`}
      mode="edit"
      schema={medicationUpdateSchema}
      save={(data) => update.mutateAsync({ childId, id: medication.id, data })}
      pending={update.isPending}
      submitLabel="Save medication"
      renderFields={(bind, toggle) => (
        <>
          {fields(bind)}
          <label className="flex items-center gap-2 text-ink">
            <input type="checkbox" className="size-4 accent-brand-800" {...toggle('active')} />
            Still taking it
          </label>
        </>
      )}
    />
  );
}

/** A child's medications in Settings: what, how much, when, who prescribed it, since when. */
export function MedicationsList({ childId, childRole }: ListAccess) {
  const query = useMedications(childId);
  const remove = useRemoveMedication();
  return (
    <ProfileList
      title="Medications"
      query={query}
      emptyText={MEDICATIONS_EMPTY_TEXT}
      addLabel="Add a medication"
      canAdd={mayDo(childRole, medicationActions.create)}
      renderForm={(onDone) => <MedicationForm childId={childId} onDone={onDone} />}
      renderItem={(medication) => (
        <ProfileItem
          name={medication.name}
          noun="medication"
          badge={medication.active ? undefined : 'Stopped'}
          canEdit={mayDo(childRole, medicationActions.update)}
          canRemove={mayDo(childRole, medicationActions.delete)}
          removing={remove.isPending}
          onRemove={() => remove.mutateAsync({ childId, id: medication.id })}
          renderForm={(onDone) => <MedicationForm childId={childId} medication={medication} onDone={onDone} />}
        >
          {medication.dose || medication.schedule ? <p>{[medication.dose, medication.schedule].filter(Boolean).join(' · ')}</p> : null}
          {medication.prescriber || medication.startedOn ? (
            <p className="text-sm text-ink-muted">
              {[
                medication.prescriber ? `Prescribed by ${medication.prescriber}` : null,
                medication.startedOn ? `Since ${formatDate(medication.startedOn)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          ) : null}
          {medication.notes ? <p className="text-sm whitespace-pre-line">{medication.notes}</p> : null}
        </ProfileItem>
      )}
    />
  );
}
