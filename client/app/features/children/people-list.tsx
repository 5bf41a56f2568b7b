import { PERSON_LIMITS, PERSON_ROLES, personActions, personCreateSchema, personUpdateSchema, type Person } from '#shared/schemas/person.ts';
import { EMAIL_MAX_LENGTH } from '#shared/schemas/account.ts';
import { mayDo } from '#shared/schemas/roles.ts';
import { SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { PEOPLE_EMPTY_TEXT, PERSON_ROLE_LABELS } from './child-profile-labels.ts';
import type { ListAccess } from './medications-list.tsx';
import { ProfileForm, type FieldBinding } from './profile-form.tsx';
import { ProfileItem, ProfileList } from './profile-list.tsx';
import { usePeople, useRemovePerson, useSavePerson } from './use-child-profile.ts';

/** A `tel:` link for a number as written: its digits (and a leading +), without the extension. */
export function telLink(phone: string): string {
  const number = phone.split(/\s*(?:ext\.?|x)\s*\d+$/i)[0] ?? phone;
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

function PersonForm({ childId, person, onDone }: { childId: number; person?: Person; onDone: () => void }) {
  const { create, update } = useSavePerson();
  const initial = {
    name: person?.name ?? '',
    role: person?.role ?? 'teacher',
    phone: person?.phone ?? '',
    email: person?.email ?? '',
    notes: person?.notes ?? '',
  };
  const fields = (bind: (field: keyof typeof initial) => FieldBinding) => (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required limit={PERSON_LIMITS.name} autoComplete="off" placeholder="e.g. Ms. Rivera" {...bind('name')} />
        <SelectField label="Who they are" {...bind('role')}>
          {PERSON_ROLES.map((role) => (
            <option key={role} value={role}>
              {PERSON_ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <TextField label="Phone" type="tel" optional limit={PERSON_LIMITS.phone} autoComplete="off" {...bind('phone')} />
        <TextField label="Email" type="email" optional limit={EMAIL_MAX_LENGTH} autoComplete="off" {...bind('email')} />
      </div>
      <TextAreaField
        label="Notes"
        optional
        limit={PERSON_LIMITS.notes}
        rows={2}
        hint="e.g. the best time to call, the school or clinic"
        {...bind('notes')}
      />
    </>
  );
  const common = { initial, required: ['name', 'role'] as const, what: 'contact', onDone, renderFields: fields };
  if (!person) {
    return (
      <ProfileForm
        {...common}
        label="Add a person"
        mode="create"
        schema={personCreateSchema}
        save={(data) => create.mutateAsync({ childId, data })}
        pending={create.isPending}
        submitLabel="Add person"
      />
    );
  }
  return (
    <ProfileForm
      {...common}
      label={`Edit ${person.name}`}
      mode="edit"
      schema={personUpdateSchema}
      save={(data) => update.mutateAsync({ childId, id: person.id, data })}
      pending={update.isPending}
      submitLabel="Save"
    />
  );
}

/** A child's people in Settings: parents and guardians, teachers, therapists, doctors, and how to reach them. */
export function PeopleList({ childId, childRole }: ListAccess) {
  const query = usePeople(childId);
  const remove = useRemovePerson();
  return (
    <ProfileList
      title="People"
      query={query}
      emptyText={PEOPLE_EMPTY_TEXT}
      addLabel="Add a person"
      canAdd={mayDo(childRole, personActions.create)}
      renderForm={(onDone) => <PersonForm childId={childId} onDone={onDone} />}
      renderItem={(person) => (
        <ProfileItem
          name={person.name}
          noun="person"
          badge={PERSON_ROLE_LABELS[person.role]}
          canEdit={mayDo(childRole, personActions.update)}
          canRemove={mayDo(childRole, personActions.delete)}
          removing={remove.isPending}
          onRemove={() => remove.mutateAsync({ childId, id: person.id })}
          renderForm={(onDone) => <PersonForm childId={childId} person={person} onDone={onDone} />}
        >
          {person.phone ? (
            <p>
              <a className="text-brand-800 underline underline-offset-4" href={telLink(person.phone)}>
                {person.phone}
              </a>
            </p>
          ) : null}
          {person.email ? (
            <p className="break-all">
              <a className="text-brand-800 underline underline-offset-4" href={`mailto:${person.email}`}>
                {person.email}
              </a>
            </p>
          ) : null}
          {person.notes ? <p className="text-sm whitespace-pre-line">{person.notes}</p> : null}
        </ProfileItem>
      )}
    />
  );
}
