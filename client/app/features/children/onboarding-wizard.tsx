import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CHILD_LIMITS,
  GRADES,
  SUPPORT_PLANS,
  earliestDateOfBirth,
  earliestPlanReviewDate,
  latestPlanReviewDate,
} from '#shared/schemas/child.ts';
import { earliestPastDay, todayIso } from '#shared/schemas/dates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SUPPORT_PLAN_LABELS, gradeLabel } from '../../../lib/child-labels.ts';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { cn } from '../../../lib/cn.ts';
import { FORM_ERROR, issuesFromError } from '../../../lib/field-errors.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { OfflineNotice } from '../../components/saving-offline.tsx';
import { useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { ChipField } from './chip-field.tsx';
import { DRAFT_SAVE_DELAY_MS, clearDraft, loadDraft, saveDraft, type OnboardingDraft } from './onboarding-draft.ts';
import {
  CHALLENGE_SUGGESTIONS,
  DIAGNOSIS_SUGGESTIONS,
  INTEREST_SUGGESTIONS,
  LAST_EVALUATION_HINT,
  PLAN_REVIEW_HINT,
  STEP_INTROS,
  STRENGTH_SUGGESTIONS,
} from './onboarding-labels.ts';
import {
  EMPTY_VALUES,
  LAST_STEP,
  STEPS,
  errorsFromServer,
  firstStepWithError,
  stepLabel,
  validateStep,
  type WizardField,
  type WizardValues,
} from './onboarding-steps.ts';

export interface OnboardingWizardProps {
  /** The label of the finishing button ("Create profile", "Add child", "Save changes"). */
  submitLabel: string;
  /** Starting values (an existing child when editing); empty by default. */
  initialValues?: WizardValues;
  /** Keeps a draft in session storage under this user's key (FLAG_DEBOUNCED_AUTOSAVE). */
  draftUserId?: string | null;
  /** Editing: every step can be opened directly and saved from. */
  editing?: boolean;
  /**
   * Sends the profile. Rejects with the API error to show its issues next to the fields; the
   * wizard validates each step with the shared schema before this is called.
   */
  onSubmit(values: WizardValues, skipped: ReadonlySet<number>): Promise<unknown>;
}

type Errors = Record<string, string>;

function restore(draftUserId: string | null | undefined, initialValues: WizardValues): OnboardingDraft & { restored: boolean } {
  const draft = draftUserId ? loadDraft(draftUserId) : null;
  if (draft) return { ...draft, restored: true };
  return { values: initialValues, step: 0, skipped: [], restored: false };
}

/**
 * The child profile as a four-step wizard: about your child; learning profile and support plan;
 * strengths and interests; challenges and notes. Steps 2-4 can be skipped. Each step is checked
 * with the shared `childCreateSchema` before moving on; the server's issues are placed next to
 * their fields, on their step.
 */
export function OnboardingWizard({
  submitLabel,
  initialValues = EMPTY_VALUES,
  draftUserId = null,
  editing = false,
  onSubmit,
}: OnboardingWizardProps) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const [initial] = useState(() => restore(draftUserId, initialValues));
  const [values, setValues] = useState<WizardValues>(initial.values);
  const [step, setStep] = useState(initial.step);
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(() => new Set(initial.skipped));
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [draftSaved, setDraftSaved] = useState(false);
  const [restored, setRestored] = useState(initial.restored);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const finished = useRef(false);
  useUnsavedChangesWarning(submitting || JSON.stringify(values) !== JSON.stringify(initialValues));

  // Progress saved as the parent goes: ~600 ms after the last change, quietly.
  const draftJson = JSON.stringify({ values, step, skipped: [...skipped].sort() });
  const savedJson = useRef(draftJson);
  useEffect(() => {
    if (!draftUserId || draftJson === savedJson.current) return;
    setDraftSaved(false);
    const timer = setTimeout(() => {
      if (finished.current) return;
      if (saveDraft(draftUserId, JSON.parse(draftJson) as OnboardingDraft)) {
        savedJson.current = draftJson;
        setDraftSaved(true);
      }
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draftUserId, draftJson]);

  /** A new step: focus moves to its heading so keyboard and screen-reader users start at the top. */
  const goTo = (next: number) => {
    setStep(Math.max(0, Math.min(LAST_STEP, next)));
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const focusField = (field: string) => {
    requestAnimationFrame(() => document.getElementById(idFor(field))?.focus());
  };

  const show = (next: Errors) => {
    setErrors(next);
    const at = firstStepWithError(next);
    if (at === null) return;
    if (at !== step) {
      setStep(at);
      setSkipped((current) => new Set([...current].filter((index) => index !== at)));
    }
    const field = STEPS[at]?.fields.find((name) => next[name]);
    if (field) focusField(field);
  };

  const submit = async (skipping: ReadonlySet<number>) => {
    for (let index = 0; index <= LAST_STEP; index += 1) {
      if (skipping.has(index)) continue;
      const stepErrors = validateStep(index, values);
      if (Object.keys(stepErrors).length > 0) {
        show(stepErrors);
        return;
      }
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(values, skipping);
      finished.current = true;
      if (draftUserId) clearDraft(draftUserId);
    } catch (error) {
      const fromServer = errorsFromServer(issuesFromError(error));
      if (Object.keys(fromServer).length > 0) show(fromServer);
      else {
        const message = serverMessageOf(error);
        const detail = message ? `: ${message}` : '. Please try again.';
        setErrors({ [FORM_ERROR]: `We could not save this profile${detail}` });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const next = () => {
    const stepErrors = validateStep(step, values);
    if (Object.keys(stepErrors).length > 0) {
      show(stepErrors);
      return;
    }
    setErrors({});
    const notSkipped = new Set([...skipped].filter((index) => index !== step));
    setSkipped(notSkipped);
    if (step === LAST_STEP) void submit(notSkipped);
    else goTo(step + 1);
  };

  const skip = () => {
    setErrors({});
    const withThis = new Set([...skipped, step]);
    setSkipped(withThis);
    if (step === LAST_STEP) void submit(withThis);
    else goTo(step + 1);
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting) next();
  };

  const startOver = () => {
    if (draftUserId) clearDraft(draftUserId);
    savedJson.current = JSON.stringify({ values: initialValues, step: 0, skipped: [] });
    setValues(initialValues);
    setSkipped(new Set());
    setErrors({});
    setRestored(false);
    setDraftSaved(false);
    goTo(0);
  };

  const set = <K extends WizardField>(field: K, value: WizardValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const bind = (field: Exclude<WizardField, 'diagnoses' | 'strengths' | 'interests' | 'challenges'>) => ({
    id: idFor(field),
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  const chips = (field: 'diagnoses' | 'strengths' | 'interests' | 'challenges') => ({
    id: idFor(field),
    value: values[field],
    error: errors[field],
    onChange: (list: string[]) => set(field, list),
  });

  const current = STEPS[step] ?? STEPS[0]!;
  const headingId = `${prefix}-heading`;

  return (
    <div className="grid max-w-2xl gap-6">
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold text-ink">{stepLabel(step)}</p>
          <output className="text-sm text-ink-muted">{draftSaved ? 'Draft saved' : ''}</output>
        </div>
        <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-brand-100">
          <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${((step + 1) / STEPS.length) * 100}%` }} />
        </div>
        <ol className="hidden gap-2 text-sm sm:grid sm:grid-cols-4" aria-label="Steps">
          {STEPS.map((item, index) => (
            <li key={item.title} aria-current={index === step ? 'step' : undefined}>
              {editing ? (
                <button
                  type="button"
                  onClick={() => goTo(index)}
                  className={cn(
                    'text-left underline-offset-4 hover:underline',
                    index === step ? 'font-semibold text-ink' : 'text-ink-muted',
                  )}
                >
                  {item.title}
                </button>
              ) : (
                <span className={index === step ? 'font-semibold text-ink' : 'text-ink-muted'}>
                  {item.title}
                  {skipped.has(index) && index !== step ? ' (skipped)' : ''}
                </span>
              )}
            </li>
          ))}
        </ol>
      </div>

      {restored ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-300 bg-brand-50 px-4 py-3 text-sm text-ink">
          <p>We kept what you entered earlier, so you can pick up where you left off.</p>
          <Button variant="ghost" size="sm" onClick={startOver}>
            Start over
          </Button>
        </div>
      ) : null}

      <form
        noValidate
        onSubmit={onFormSubmit}
        className="grid gap-6 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm"
        aria-labelledby={headingId}
      >
        <div className="grid gap-1">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
            {current.title}
          </h2>
          <p className="text-ink-muted">{STEP_INTROS[step]}</p>
        </div>
        <FormAlert>{errors[FORM_ERROR]}</FormAlert>

        {step === 0 ? (
          <>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label="First name" autoComplete="off" required limit={CHILD_LIMITS.firstName} {...bind('firstName')} />
              <TextField label="Last name" autoComplete="off" optional limit={CHILD_LIMITS.lastName} {...bind('lastName')} />
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              {/* The pickers offer the schema's own bounds, "today" included: UTC's (todayIso), not the parent's. */}
              <TextField label="Date of birth" type="date" required min={earliestDateOfBirth()} max={todayIso()} {...bind('dateOfBirth')} />
              <TextField label="Pronouns" optional placeholder="e.g. she/her" limit={CHILD_LIMITS.pronouns} {...bind('pronouns')} />
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField label="Grade" optional {...bind('grade')}>
                <option value="">Choose a grade</option>
                {GRADES.map((grade) => (
                  <option key={grade} value={grade}>
                    {gradeLabel(grade)}
                  </option>
                ))}
              </SelectField>
              <TextField label="School" optional autoComplete="off" limit={CHILD_LIMITS.school} {...bind('school')} />
            </div>
          </>
        ) : null}

        {step === 1 ? (
          <>
            <ChipField
              label="Diagnoses or areas you are exploring"
              itemName="diagnosis"
              suggestions={DIAGNOSIS_SUGGESTIONS}
              hint="Pick any that apply, formal or not."
              {...chips('diagnoses')}
            />
            <SelectField label="Support plan" optional hint="An IEP or 504 plan, if your child has one." {...bind('supportPlan')}>
              <option value="">Choose a plan</option>
              {SUPPORT_PLANS.map((plan) => (
                <option key={plan} value={plan}>
                  {SUPPORT_PLAN_LABELS[plan]}
                </option>
              ))}
            </SelectField>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Plan review date"
                type="date"
                optional
                min={earliestPlanReviewDate()}
                max={latestPlanReviewDate()}
                hint={PLAN_REVIEW_HINT}
                {...bind('planReviewDate')}
              />
              <TextField
                label="Last evaluation date"
                type="date"
                optional
                min={earliestPastDay()}
                max={todayIso()}
                hint={LAST_EVALUATION_HINT}
                {...bind('lastEvaluationDate')}
              />
            </div>
          </>
        ) : null}

        {step === 2 ? (
          <>
            <ChipField
              label="Strengths"
              itemName="strength"
              suggestions={STRENGTH_SUGGESTIONS}
              hint="What does your child do well? What do others admire?"
              {...chips('strengths')}
            />
            <ChipField
              label="Interests"
              itemName="interest"
              suggestions={INTEREST_SUGGESTIONS}
              hint="What lights them up?"
              {...chips('interests')}
            />
          </>
        ) : null}

        {step === 3 ? (
          <>
            <ChipField
              label="Challenges"
              itemName="challenge"
              suggestions={CHALLENGE_SUGGESTIONS}
              hint="Where does your child need a bit more support right now?"
              {...chips('challenges')}
            />
            <TextAreaField
              label="Notes"
              optional
              limit={CHILD_LIMITS.notes}
              hint="Anything else worth remembering: what helps, what to avoid."
              {...bind('notes')}
            />
          </>
        ) : null}

        <div className="flex flex-wrap items-center gap-3 border-t border-ink/10 pt-5">
          <OfflineNotice pending={submitting} what="child's profile" />
          {step > 0 ? (
            <Button variant="outline" onClick={() => goTo(step - 1)} disabled={submitting}>
              Back
            </Button>
          ) : null}
          <div className="ml-auto flex flex-wrap items-center gap-3">
            {current.skippable && !editing ? (
              <Button variant="ghost" onClick={skip} disabled={submitting}>
                Skip for now
              </Button>
            ) : null}
            {editing && step < LAST_STEP ? (
              <Button variant="outline" onClick={() => void submit(skipped)} loading={submitting}>
                {submitLabel}
              </Button>
            ) : null}
            <Button type="submit" loading={submitting && step === LAST_STEP}>
              {step === LAST_STEP ? submitLabel : 'Next'}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
