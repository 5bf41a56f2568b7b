// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Medication } from '#shared/schemas/medication.ts';
import type { Person } from '#shared/schemas/person.ts';
import { MedicationsList } from '../../../client/app/features/children/medications-list.tsx';
import { PeopleList } from '../../../client/app/features/children/people-list.tsx';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';

const STAMP = '2026-11-03T15:00:00.000Z';
const medication: Medication = {
  id: 4,
  childId: 1,
  name: 'Melatonin',
  dose: null,
  schedule: null,
  prescriber: null,
  startedOn: null,
  notes: null,
  active: true,
  addedBy: { name: 'Ana', isYou: true },
  createdAt: STAMP,
  updatedAt: STAMP,
};
const person: Person = {
  id: 6,
  childId: 1,
  name: 'Ms. Rivera',
  role: 'teacher',
  phone: null,
  email: null,
  notes: null,
  addedBy: { name: 'Ana', isYou: true },
  createdAt: STAMP,
  updatedAt: STAMP,
};

function answer(op: FakeOp): unknown {
  if (op.path === 'medications.list') return [medication];
  if (op.path === 'people.list') return [person];
  if (op.path.endsWith('.delete')) return serverError(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable');
  return [];
}

beforeEach(() => {
  sessionStorage.clear();
  setSelectedChildId(1);
});
afterEach(() => cleanup());

describe('removing a medication or a person that does not go through', () => {
  it.each([
    ['medication', 'Melatonin', () => <MedicationsList childId={1} canUpdate canOwn />],
    ['person', 'Ms. Rivera', () => <PeopleList childId={1} canUpdate canOwn />],
  ])('keeps the question open and says so beside it, after the toast (%s)', async (noun, name, list) => {
    const user = userEvent.setup();
    const { wrapper, calls } = fakeTrpc(answer, { role: 'owner' });
    render(list(), { wrapper });
    await user.click(await screen.findByRole('button', { name: `Remove ${noun}: ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('That did not go through. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeTruthy();
    expect(calls(noun === 'medication' ? 'medications.delete' : 'people.delete')).toHaveLength(1);
  });
});
