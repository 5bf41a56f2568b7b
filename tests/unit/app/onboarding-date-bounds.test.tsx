// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '#shared/calendar.ts';
import { childCreateSchema } from '#shared/schemas/child.ts';
import { OnboardingWizard } from '../../../client/app/features/children/onboarding-wizard.tsx';

afterEach(() => cleanup());

const dateOfBirthAccepted = (dateOfBirth: string) => childCreateSchema.safeParse({ firstName: 'Maya', dateOfBirth }).success;

describe('onboarding wizard date pickers', () => {
  it('offer exactly the dates of birth the child schema accepts', () => {
    render(<OnboardingWizard submitLabel="Create profile" onSubmit={async () => undefined} />);
    const input = screen.getByLabelText('Date of birth') as HTMLInputElement;
    const { min, max } = input;
    expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(max).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect([dateOfBirthAccepted(min), dateOfBirthAccepted(max)]).toEqual([true, true]);
    expect([dateOfBirthAccepted(addDays(min, -1)), dateOfBirthAccepted(addDays(max, 1))]).toEqual([false, false]);
  });

  it('end the last evaluation date on the same today as the date of birth', () => {
    render(<OnboardingWizard submitLabel="Create profile" onSubmit={async () => undefined} />);
    const max = (screen.getByLabelText('Date of birth') as HTMLInputElement).max;
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Maya' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: addDays(max, -3000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((screen.getByLabelText(/^Last evaluation date/) as HTMLInputElement).max).toBe(max);
  });
});
