import { describe, expect, it } from 'vitest';
import { medicationCreateSchema, medicationUpdateSchema } from '#shared/schemas/medication.ts';
import { personCreateSchema } from '#shared/schemas/person.ts';
import { confirmsFirstName } from '../../../client/app/features/children/delete-child.tsx';
import { telLink } from '../../../client/app/features/children/people-list.tsx';
import { profileInput } from '../../../client/app/features/children/profile-form.tsx';

describe('deleting a child asks for its first name', () => {
  it('takes the first name in any letter case, with spaces around it, and nothing else', () => {
    expect(confirmsFirstName('maya', 'Maya')).toBe(true);
    expect(confirmsFirstName('  MAYA ', 'Maya')).toBe(true);
    expect(confirmsFirstName('Élodie', 'élodie')).toBe(true);
    expect(confirmsFirstName('May', 'Maya')).toBe(false);
    expect(confirmsFirstName('Maya Rivera', 'Maya')).toBe(false);
    expect(confirmsFirstName('', 'Maya')).toBe(false);
  });
});

describe('a medication or person form as an input', () => {
  const values = { name: ' Melatonin ', dose: '  ', schedule: 'At bedtime ', active: false };

  it('leaves empty optional fields out when adding, and the schema fills in the defaults', () => {
    const input = profileInput(values, ['name'], 'create');
    expect(input).toEqual({ name: ' Melatonin ', schedule: 'At bedtime', active: false });
    expect(medicationCreateSchema.parse(input)).toEqual({ name: 'Melatonin', schedule: 'At bedtime', active: false });
    expect(personCreateSchema.parse(profileInput({ name: 'Ms. Rivera', phone: '' }, ['name'], 'create'))).toEqual({
      name: 'Ms. Rivera',
      role: 'other',
    });
  });

  it('clears them (null) when editing, so what was there can be removed', () => {
    const input = profileInput(values, ['name'], 'edit');
    expect(input).toEqual({ name: ' Melatonin ', dose: null, schedule: 'At bedtime', active: false });
    expect(medicationUpdateSchema.parse(input)).toEqual({ name: 'Melatonin', dose: null, schedule: 'At bedtime', active: false });
  });
});

describe('a phone number as a link', () => {
  it('dials the digits and a leading +, without the extension', () => {
    expect(telLink('+1 (555) 010-2030')).toBe('tel:+15550102030');
    expect(telLink('555.010.2030 ext. 4')).toBe('tel:5550102030');
    expect(telLink('555 0100 x12')).toBe('tel:5550100');
  });
});
