import type { Medication } from '#shared/schemas/medication.ts';
import type { Milestone } from '#shared/schemas/milestone.ts';
import type { Person } from '#shared/schemas/person.ts';

/** When the fixtures were added and last changed. */
export const FIXTURE_STAMP = '2026-11-03T15:00:00.000Z';
const ADDED_BY_YOU = { name: 'Ana', isYou: true };

/** A medication of child 1 as `medications.list` answers it: Melatonin, added by the caller. */
export function medicationFixture(overrides: Partial<Medication> = {}): Medication {
  return {
    id: 4,
    childId: 1,
    name: 'Melatonin',
    dose: null,
    schedule: null,
    prescriber: null,
    startedOn: null,
    notes: null,
    active: true,
    addedBy: ADDED_BY_YOU,
    createdAt: FIXTURE_STAMP,
    updatedAt: FIXTURE_STAMP,
    ...overrides,
  };
}

/** A person of child 1 as `people.list` answers it: Ms. Rivera, a teacher, added by the caller. */
export function personFixture(overrides: Partial<Person> = {}): Person {
  return {
    id: 6,
    childId: 1,
    name: 'Ms. Rivera',
    role: 'teacher',
    phone: null,
    email: null,
    notes: null,
    addedBy: ADDED_BY_YOU,
    createdAt: FIXTURE_STAMP,
    updatedAt: FIXTURE_STAMP,
    ...overrides,
  };
}

/** A milestone a parent added to child 1: "Meet the new teacher", upcoming on 2027-01-10. */
export function milestoneFixture(overrides: Partial<Milestone> = {}): Milestone {
  return {
    id: 7,
    childId: 1,
    title: 'Meet the new teacher',
    whyItMatters: null,
    whatToDo: null,
    category: 'school-year',
    dueDate: '2027-01-10',
    status: 'upcoming',
    source: 'parent',
    ruleKey: null,
    editedByParent: false,
    addedBy: ADDED_BY_YOU,
    createdAt: FIXTURE_STAMP,
    updatedAt: FIXTURE_STAMP,
    ...overrides,
  };
}
