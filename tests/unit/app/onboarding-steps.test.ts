// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { childCreateSchema } from '#shared/schemas/child.ts';
import { clearDraft, draftKey, loadDraft, saveDraft } from '../../../client/app/features/children/onboarding-draft.ts';
import {
  EMPTY_VALUES,
  addChip,
  errorsFromServer,
  firstStepWithError,
  sanitizeValues,
  stepLabel,
  toCreateInput,
  toUpdateInput,
  validateAll,
  validateStep,
  type WizardValues,
} from '../../../client/app/features/children/onboarding-steps.ts';
import { runRoadmapGeneration } from '../../../client/app/hooks/roadmap-generation.ts';
import { readSession, writeSession } from '../../../client/lib/session-storage.ts';

function values(patch: Partial<WizardValues> = {}): WizardValues {
  return { ...EMPTY_VALUES, firstName: 'Maya', dateOfBirth: '2016-04-02', ...patch };
}

beforeEach(() => sessionStorage.clear());

describe('onboarding steps', () => {
  it('says where the parent is: "Step 2 of 4"', () => {
    expect(stepLabel(1)).toBe('Step 2 of 4');
  });

  it('sends only what was filled in, and nothing from a skipped step', () => {
    const filled = values({ grade: '4', school: '  ', supportPlan: 'iep', strengths: ['Creative'], notes: 'Loves maps' });
    expect(toCreateInput(filled)).toEqual({
      firstName: 'Maya',
      dateOfBirth: '2016-04-02',
      grade: '4',
      supportPlan: 'iep',
      strengths: ['Creative'],
      notes: 'Loves maps',
    });
    // Step 2 (support plan) and step 4 (notes) skipped.
    expect(toCreateInput(filled, new Set([1, 3]))).toEqual({
      firstName: 'Maya',
      dateOfBirth: '2016-04-02',
      grade: '4',
      strengths: ['Creative'],
    });
  });

  it('a skipped step with a half-typed date never blocks finishing', () => {
    const halfDone = values({ planReviewDate: '2026-02-31' });
    expect(validateAll(halfDone).ok).toBe(false);
    expect(validateAll(halfDone, new Set([1])).ok).toBe(true);
  });

  it('when editing, cleared fields are sent as empty so they are removed', () => {
    const input = toUpdateInput(values({ school: '', strengths: [] }), new Set([3]));
    expect(input).toMatchObject({ firstName: 'Maya', school: null, strengths: [] });
    expect(input).not.toHaveProperty('notes');
  });

  it('judges one step at a time with the shared schema', () => {
    const missing = { ...EMPTY_VALUES, planReviewDate: 'soon' };
    // An empty date of birth is missing, not badly written (the browser shows its own date format).
    expect(validateStep(0, missing)).toEqual({ firstName: 'First name is required', dateOfBirth: 'Enter a date of birth' });
    expect(validateStep(1, missing)).toEqual({ planReviewDate: 'Use the format YYYY-MM-DD' });
    expect(validateStep(2, missing)).toEqual({});
  });

  it('says the same as the API about a missing or malformed date of birth (one shared schema)', () => {
    const issues = (dateOfBirth: unknown) =>
      childCreateSchema.safeParse({ firstName: 'Maya', dateOfBirth }).error?.issues.map((issue) => issue.message);
    expect(issues(undefined)).toEqual(['Enter a date of birth']);
    expect(issues('')).toEqual(['Enter a date of birth']);
    expect(issues('02/05/2016')?.[0]).toBe('Use the format YYYY-MM-DD');
    expect(issues('2016-02-30')).toEqual(['This date does not exist']);
  });

  it('rejects a date of birth in the future on the first step', () => {
    expect(validateStep(0, values({ dateOfBirth: '2999-01-01' }))).toEqual({ dateOfBirth: 'Date of birth cannot be in the future' });
  });

  it('places server issues on their fields and steps; others become the form message', () => {
    const errors = errorsFromServer([
      { path: 'strengths.1', message: 'Each item is at most 80 characters' },
      { path: '', message: 'Something about the whole profile' },
    ]);
    expect(errors).toEqual({ strengths: 'Each item is at most 80 characters', $form: 'Something about the whole profile' });
    expect(firstStepWithError(errors)).toBe(2);
    expect(firstStepWithError({ $form: 'x' })).toBeNull();
  });

  it('adds chips once, trimmed, whatever the case', () => {
    expect(addChip(['Creative'], '  creative ')).toEqual(['Creative']);
    expect(addChip(['Creative'], '  Great   at puzzles ')).toEqual(['Creative', 'Great at puzzles']);
    expect(addChip([], '   ')).toEqual([]);
  });

  it('reads back only well-formed draft values', () => {
    expect(sanitizeValues({ firstName: 'Leo', grade: 'twelfth', strengths: ['Kind', 3], supportPlan: '504', extra: 'x' })).toEqual({
      ...EMPTY_VALUES,
      firstName: 'Leo',
      supportPlan: '504',
    });
  });
});

describe('onboarding draft', () => {
  it('is kept per user and cleared on finish', () => {
    expect(saveDraft('user_a', { values: values({ strengths: ['Curious'] }), step: 2, skipped: [1] })).toBe(true);
    expect(sessionStorage.getItem(draftKey('user_a'))).toContain('Curious');
    expect(loadDraft('user_b')).toBeNull();
    expect(loadDraft('user_a')).toEqual({ values: values({ strengths: ['Curious'] }), step: 2, skipped: [1] });
    clearDraft('user_a');
    expect(loadDraft('user_a')).toBeNull();
  });

  it('survives a damaged draft', () => {
    sessionStorage.setItem(draftKey('user_a'), '{not json');
    expect(loadDraft('user_a')).toBeNull();
    sessionStorage.setItem(draftKey('user_a'), JSON.stringify({ values: { firstName: 'Ava' }, step: 42, skipped: [0, 3, 'x'] }));
    expect(loadDraft('user_a')).toEqual({ values: { ...EMPTY_VALUES, firstName: 'Ava' }, step: 0, skipped: [3] });
  });
});

describe('roadmap generation after onboarding', () => {
  it('shows the banner at once, then records how many milestones were created', async () => {
    let resolve: (value: { created: number }) => void = () => undefined;
    const calls: number[] = [];
    const running = runRoadmapGeneration(
      (childId) => {
        calls.push(childId);
        return new Promise((done) => (resolve = done));
      },
      { id: 7, firstName: 'Maya' },
    );
    expect(calls).toEqual([7]);
    expect(readSession('showRoadmapBanner')).toBe(true);
    expect(readSession('pendingMilestones')).toEqual({ childId: 7, childName: 'Maya' });
    expect(readSession('roadmapGenerationComplete')).toBeNull();
    resolve({ created: 6 });
    await running;
    expect(readSession('roadmapGenerationComplete')).toBe(true);
    expect(readSession('newMilestonesGenerated')).toBe(true);
    expect(readSession('pendingMilestones')).toEqual({ childId: 7, childName: 'Maya', created: 6 });
  });

  it('records a failure for the banner to offer a retry, clearing an old result', async () => {
    writeSession('roadmapGenerationComplete', true);
    await runRoadmapGeneration(() => Promise.reject(new Error('Service unavailable')), { id: 3, firstName: 'Leo' });
    expect(readSession('roadmapGenerationError')).toBe('Service unavailable');
    expect(readSession('roadmapGenerationComplete')).toBeNull();
  });

  it('writes nothing more once the parent has dismissed the banner', async () => {
    await runRoadmapGeneration(
      async () => {
        sessionStorage.removeItem('showRoadmapBanner');
        return { created: 4 };
      },
      { id: 3, firstName: 'Leo' },
    );
    expect(readSession('roadmapGenerationComplete')).toBeNull();
  });
});
