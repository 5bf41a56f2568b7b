// @vitest-environment happy-dom
/**
 * The profile's date pickers offer the windows the child schema keeps (decision 0033): a parent
 * cannot pick a plan review or last evaluation date that saving would then refuse.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '#shared/calendar.ts';
import { childCreateSchema } from '#shared/schemas/child.ts';
import { OnboardingWizard } from '../../../client/app/features/children/onboarding-wizard.tsx';

afterEach(() => cleanup());

const accepted = (field: string, value: string) =>
  childCreateSchema.safeParse({ firstName: 'Maya', dateOfBirth: '2016-05-02', [field]: value }).success;

async function secondStep() {
  render(<OnboardingWizard submitLabel="Create profile" onSubmit={async () => undefined} />);
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Maya' } });
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2016-05-02' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  return {
    planReviewDate: (await screen.findByLabelText(/^Plan review date/)) as HTMLInputElement,
    lastEvaluationDate: screen.getByLabelText(/^Last evaluation date/) as HTMLInputElement,
  };
}

describe('profile date pickers', () => {
  it.each(['planReviewDate', 'lastEvaluationDate'] as const)(
    '%s: the first and last day offered are accepted, the days beyond are not',
    async (field) => {
      const input = (await secondStep())[field];
      expect([input.min, input.max].every((value) => /^\d{4}-\d{2}-\d{2}$/.test(value))).toBe(true);
      expect([accepted(field, input.min), accepted(field, input.max)]).toEqual([true, true]);
      expect(accepted(field, addDays(input.min, -1))).toBe(false);
    },
  );

  // The last evaluation's picker ends on UTC's today, and the schema takes the next day once it has
  // begun in UTC+14, which depends on the hour: only the plan review's far end is checked beyond.
  it('planReviewDate: the day after the last offered is not accepted', async () => {
    const input = (await secondStep()).planReviewDate;
    expect(accepted('planReviewDate', addDays(input.max, 1))).toBe(false);
  });
});
