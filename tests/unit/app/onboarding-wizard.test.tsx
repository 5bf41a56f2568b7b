// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnboardingWizard } from '../../../client/app/features/children/onboarding-wizard.tsx';
import { draftKey, loadDraft } from '../../../client/app/features/children/onboarding-draft.ts';
import type { WizardValues } from '../../../client/app/features/children/onboarding-steps.ts';
import { withStatusMessage } from '../../../client/app/trpc/http-status-link.ts';
import { serverError } from '../../helpers/fake-trpc.tsx';

type Submit = (values: WizardValues, skipped: ReadonlySet<number>) => Promise<unknown>;

function renderWizard(onSubmit: Submit = async () => undefined, draftUserId: string | null = null) {
  return render(<OnboardingWizard submitLabel="Create profile" draftUserId={draftUserId} onSubmit={onSubmit} />);
}

function fillAboutStep() {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Maya' } });
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2016-04-02' } });
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('onboarding wizard', () => {
  it('explains what is missing on the first step before moving on', () => {
    renderWizard();
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();
    next();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
  });

  it('walks through the steps, skipping one, and sends only what was given', async () => {
    const onSubmit = vi.fn<Submit>(async () => undefined);
    renderWizard(onSubmit);
    fillAboutStep();
    next();
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Learning profile and support plan' })).toBeTruthy();
    // Each date explains what it is for.
    expect(screen.getByText(/yearly review meeting/)).toBeTruthy();
    expect(screen.getByText(/every three years/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(screen.getByText('Step 3 of 4')).toBeTruthy();
    // Strengths lead: a tap on a quick pick, and one of the parent's own.
    fireEvent.click(screen.getByRole('button', { name: 'Creative' }));
    expect(screen.getByRole('button', { name: /Creative/, pressed: true })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Add another strength'), { target: { value: 'Great at puzzles' } });
    fireEvent.keyDown(screen.getByLabelText('Add another strength'), { key: 'Enter' });
    expect(screen.getByRole('button', { name: /Great at puzzles/, pressed: true })).toBeTruthy();
    next();
    expect(screen.getByText('Step 4 of 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 3 of 4')).toBeTruthy();
    next();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [sent, skipped] = onSubmit.mock.calls[0]!;
    expect(sent.strengths).toEqual(['Creative', 'Great at puzzles']);
    expect([...skipped]).toEqual([1]);
  });

  it("shows the server's field issues on their step", async () => {
    const onSubmit = vi.fn<Submit>(async () => {
      throw Object.assign(new Error('Invalid input'), { data: { issues: [{ path: 'school', message: 'That school name is too long' }] } });
    });
    renderWizard(onSubmit);
    fillAboutStep();
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(screen.getByText('That school name is too long')).toBeTruthy();
  });

  it("says why the profile was not saved in the server's words, without the HTTP status", async () => {
    // As the app's tRPC client rejects: the message reads "503: ..." (httpStatusLink).
    const onSubmit = vi.fn<Submit>(async () => {
      throw withStatusMessage(serverError(503, 'INTERNAL_SERVER_ERROR', 'The database is not answering'));
    });
    renderWizard(onSubmit);
    fillAboutStep();
    next();
    for (let step = 0; step < 2; step += 1) fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    });
    expect(screen.getByText(/We could not save this profile/).textContent).toBe(
      'We could not save this profile: The database is not answering',
    );
  });

  it('saves a draft ~600 ms after the last change and picks it up again on reload', () => {
    vi.useFakeTimers();
    const view = renderWizard(undefined, 'user_a');
    fillAboutStep();
    act(() => vi.advanceTimersByTime(300));
    expect(sessionStorage.getItem(draftKey('user_a'))).toBeNull();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByText('Draft saved')).toBeTruthy();
    next();
    act(() => vi.advanceTimersByTime(700));
    expect(loadDraft('user_a')).toMatchObject({ step: 1, values: { firstName: 'Maya' } });

    view.unmount();
    renderWizard(undefined, 'user_a');
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    expect(screen.getByText(/pick up where you left off/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(sessionStorage.getItem(draftKey('user_a'))).toBeNull();
  });

  it('clears the draft once the profile is created', async () => {
    vi.useFakeTimers();
    renderWizard(async () => undefined, 'user_a');
    fillAboutStep();
    act(() => vi.advanceTimersByTime(700));
    expect(loadDraft('user_a')).not.toBeNull();
    next();
    for (let step = 0; step < 2; step += 1) fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(loadDraft('user_a')).toBeNull();
  });

  it('keeps no draft without a user (FLAG_DEBOUNCED_AUTOSAVE off)', () => {
    vi.useFakeTimers();
    renderWizard(undefined, null);
    fillAboutStep();
    act(() => vi.advanceTimersByTime(2000));
    expect(sessionStorage.length).toBe(0);
    expect(screen.queryByText('Draft saved')).toBeNull();
  });
});
