// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MedicationsList } from '../../../client/app/features/children/medications-list.tsx';
import { PeopleList } from '../../../client/app/features/children/people-list.tsx';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';
import { medicationFixture, personFixture } from '../../helpers/record-fixtures.ts';

const medication = medicationFixture();
const person = personFixture();

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
    ['medication', 'Melatonin', () => <MedicationsList childId={1} childRole="owner" />],
    ['person', 'Ms. Rivera', () => <PeopleList childId={1} childRole="owner" />],
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
