import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { toIssues } from '../../../shared/api-error.ts';
import { MOOD_MAX, MOOD_MIN, SETTINGS, observationCreateSchema, type Observation } from '../../../shared/schemas/observation.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { FORM_ERROR, fieldErrorsFromIssues, focusFirstError, issuesFromError, type FieldIssue } from '../../lib/field-errors.ts';
import { useLogObservation, useObservationGoalOptions } from '../hooks/use-log-observation.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from './form-field.tsx';

/*
 * The observation form, shared by the dashboard's quick capture and the observations screen (quick
 * capture and edit). The quick part asks for three things at most (what happened, when, where) plus
 * a one-click "This was a win"; everything else waits behind "More details".
 */

export type Setting = (typeof SETTINGS)[number];

export const SETTING_LABELS: Record<Setting, string> = {
  home: 'Home',
  school: 'School',
  therapy: 'Therapy',
  community: 'Community',
  other: 'Other',
};

export const MOOD_LABELS: Record<number, string> = { 1: 'Very hard', 2: 'Hard', 3: 'Okay', 4: 'Good', 5: 'Great' };
export const MOODS: readonly number[] = Array.from({ length: MOOD_MAX - MOOD_MIN + 1 }, (_, index) => MOOD_MIN + index);
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 40;
/** A time more than this far ahead of now is a typo, not an observation. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** The order fields are checked in, to focus the first one with a problem. */
export const OBSERVATION_FIELD_ORDER = ['what', 'occurredAt', 'setting', 'antecedent', 'behaviour', 'consequence', 'mood', 'tags', 'goalId'] as const;
const MORE_FIELDS = new Set<string>(['antecedent', 'behaviour', 'consequence', 'mood', 'tags', 'goalId']);

/** What the form holds while the parent types. `when` is a datetime-local value in local time. */
export interface ObservationDraft {
  what: string;
  when: string;
  /** False while `when` is the pre-filled "now": then the server's clock decides. */
  whenTouched: boolean;
  setting: Setting;
  isWin: boolean;
  antecedent: string;
  behaviour: string;
  consequence: string;
  mood: number | null;
  tags: string[];
  /** A tag being typed, not yet turned into a chip. */
  tagText: string;
  goalId: number | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as a datetime-local input value in the browser's time zone: `2026-03-04T16:05`. */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO instant, or null when it is empty or not a date. */
export function fromDateTimeLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Tags typed as text: split on commas, trimmed, empty pieces dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim().replace(/\s+/g, ' '))
    .filter((tag) => tag !== '');
}

/** Adds the tags in `text` to `tags`, skipping ones already there (any case), keeping at most MAX_TAGS. */
export function addTags(tags: readonly string[], text: string): string[] {
  const next = [...tags];
  for (const tag of splitTags(text)) {
    if (next.length >= MAX_TAGS) break;
    if (!next.some((existing) => existing.toLowerCase() === tag.toLowerCase())) next.push(tag);
  }
  return next;
}

export function emptyDraft(now: Date = new Date()): ObservationDraft {
  return {
    what: '',
    when: toDateTimeLocal(now),
    whenTouched: false,
    setting: 'home',
    isWin: false,
    antecedent: '',
    behaviour: '',
    consequence: '',
    mood: null,
    tags: [],
    tagText: '',
    goalId: null,
  };
}

export function draftFromObservation(observation: Observation): ObservationDraft {
  return {
    what: observation.what,
    when: toDateTimeLocal(new Date(observation.occurredAt)),
    whenTouched: true,
    setting: observation.setting,
    isWin: observation.isWin,
    antecedent: observation.antecedent ?? '',
    behaviour: observation.behaviour ?? '',
    consequence: observation.consequence ?? '',
    mood: observation.mood,
    tags: [...observation.tags],
    tagText: '',
    goalId: observation.goalId,
  };
}

/** True when anything behind "More details" has a value (so the edit form opens it). */
export function hasMoreDetails(draft: ObservationDraft): boolean {
  return (
    draft.antecedent.trim() !== '' ||
    draft.behaviour.trim() !== '' ||
    draft.consequence.trim() !== '' ||
    draft.mood !== null ||
    draft.tags.length > 0 ||
    draft.tagText.trim() !== '' ||
    draft.goalId !== null
  );
}

function optionalText(value: string): string | undefined {
  return value.trim() === '' ? undefined : value;
}

/**
 * The create input for a draft: only what the parent filled in. An untouched "when" is left out
 * so the server records the moment of saving; a tag still being typed is included.
 */
export function draftToCreateInput(draft: ObservationDraft): Record<string, unknown> {
  const input: Record<string, unknown> = { what: draft.what, setting: draft.setting, isWin: draft.isWin };
  if (draft.whenTouched) input.occurredAt = fromDateTimeLocal(draft.when) ?? '';
  for (const field of ['antecedent', 'behaviour', 'consequence'] as const) {
    const value = optionalText(draft[field]);
    if (value !== undefined) input[field] = value;
  }
  if (draft.mood !== null) input.mood = draft.mood;
  const tags = addTags(draft.tags, draft.tagText);
  if (tags.length > 0) input.tags = tags;
  if (draft.goalId !== null) input.goalId = draft.goalId;
  return input;
}

/** The update input for a draft: every field, cleared ones as null (or an empty tag list). */
export function draftToUpdateInput(draft: ObservationDraft): Record<string, unknown> {
  return {
    what: draft.what,
    occurredAt: fromDateTimeLocal(draft.when) ?? '',
    setting: draft.setting,
    isWin: draft.isWin,
    antecedent: optionalText(draft.antecedent) ?? null,
    behaviour: optionalText(draft.behaviour) ?? null,
    consequence: optionalText(draft.consequence) ?? null,
    mood: draft.mood,
    tags: addTags(draft.tags, draft.tagText),
    goalId: draft.goalId,
  };
}

/** Issues from the API name fields as `data.what`; the form's fields are `what`. */
export function observationFieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  return fieldErrorsFromIssues(issues.map((issue) => ({ ...issue, path: issue.path.replace(/^data\.?/, '') })));
}

/** Field errors for a draft checked against the shared schema, plus "not in the future". Empty when it can be sent. */
export function validateDraft(input: Record<string, unknown>, now: Date = new Date()): Record<string, string> {
  const parsed = observationCreateSchema.safeParse(input);
  const errors = parsed.success ? {} : observationFieldErrors(toIssues(parsed.error));
  const at = typeof input.occurredAt === 'string' ? Date.parse(input.occurredAt) : Number.NaN;
  if (!errors.occurredAt && input.occurredAt !== undefined && Number.isNaN(at)) errors.occurredAt = 'Use a date and time';
  if (!errors.occurredAt && at > now.getTime() + FUTURE_TOLERANCE_MS) errors.occurredAt = 'This is in the future. When did it happen?';
  return errors;
}

/** Opens "More details" when one of its fields has an error, then focuses the first field with one. */
export function showFieldErrors(
  errors: Record<string, string>,
  idFor: (field: string) => string,
  openMore: (() => void) | null,
): void {
  if (openMore && Object.keys(errors).some((field) => MORE_FIELDS.has(field))) flushSync(openMore);
  focusFirstError(errors, OBSERVATION_FIELD_ORDER, idFor);
}

/* ---------------------------------------------------------------------------------------------- */

const choiceClasses =
  'relative inline-flex min-h-10 cursor-pointer items-center rounded-full border border-ink/25 bg-white px-4 text-sm font-medium text-ink ' +
  'hover:bg-brand-50 has-checked:border-brand-800 has-checked:bg-brand-800 has-checked:text-white ' +
  'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-800';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6">
      <path strokeLinejoin="round" d="M10 2.5l2.3 4.7 5.2.8-3.8 3.6.9 5.2L10 14.3l-4.6 2.5.9-5.2L2.5 8l5.2-.8L10 2.5z" />
    </svg>
  );
}

/** The one-click "This was a win" toggle (a pressed button). */
export function WinToggle({ pressed, onToggle }: { pressed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-4 font-semibold text-ink transition-colors',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800',
        pressed ? 'border-brand-800 bg-brand-100' : 'border-ink/25 bg-white hover:bg-brand-50',
      )}
    >
      <span className={pressed ? 'text-brand-800' : 'text-ink-muted'}>
        <StarIcon filled={pressed} />
      </span>
      This was a win
    </button>
  );
}

function TagsInput({
  id,
  tags,
  text,
  error,
  onChange,
}: {
  id: string;
  tags: string[];
  text: string;
  error: string | undefined;
  onChange: (patch: Partial<ObservationDraft>) => void;
}) {
  const full = tags.length >= MAX_TAGS;
  const commit = () => {
    if (text.trim() === '') return;
    onChange({ tags: addTags(tags, text), tagText: '' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange({ tags: tags.slice(0, -1) });
    }
  };
  return (
    <div className="grid gap-2">
      <TextField
        id={id}
        label="Tags"
        optional
        hint={full ? `That is the most tags one note can have (${MAX_TAGS}).` : 'Press Enter or type a comma after each tag.'}
        error={error}
        value={text}
        maxLength={MAX_TAG_LENGTH}
        disabled={full}
        autoComplete="off"
        onChange={(event) => {
          const value = event.target.value;
          if (value.includes(',')) {
            const cut = value.lastIndexOf(',');
            onChange({ tags: addTags(tags, value.slice(0, cut)), tagText: value.slice(cut + 1) });
          } else {
            onChange({ tagText: value });
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      {tags.length > 0 ? (
        <ul aria-label="Tags added" className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pr-1 pl-3 text-sm text-ink">
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange({ tags: tags.filter((item) => item !== tag) })}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-brand-200 focus-visible:outline-3 focus-visible:outline-brand-800"
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M4 4l8 8M12 4l-8 8" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function GoalSelect({ id, value, error, onChange }: { id: string; value: number | null; error: string | undefined; onChange: (goalId: number | null) => void }) {
  const goals = useObservationGoalOptions();
  const list = goals.data ?? [];
  const hint = goals.isPending
    ? 'Loading your goals...'
    : goals.isError
      ? 'We could not load the goals just now.'
      : list.length === 0
        ? 'No goals yet. Add one in the progress planner to link notes to it.'
        : 'Link this note to a goal as evidence of progress.';
  return (
    <div className="grid gap-1.5">
      <SelectField
        id={id}
        label="Linked goal"
        optional
        hint={hint}
        error={error}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">No goal</option>
        {list.map((goal) => (
          <option key={goal.id} value={goal.id}>
            {goal.title}
          </option>
        ))}
      </SelectField>
      {!goals.isPending && !goals.isError && list.length === 0 ? (
        <Link to="/progress-planner" className="text-sm font-medium text-brand-800 underline underline-offset-4">
          Go to the progress planner
        </Link>
      ) : null}
    </div>
  );
}

export interface ObservationFieldsProps {
  /** Prefix for the fields' ids (`${idPrefix}-what`...). */
  idPrefix: string;
  draft: ObservationDraft;
  onChange: (patch: Partial<ObservationDraft>) => void;
  errors: Record<string, string>;
  /** Hide "More details" (the dashboard's small capture). */
  compact?: boolean;
  moreOpen: boolean;
  onMoreOpenChange: (open: boolean) => void;
  /** Label of the "what" field. */
  whatLabel?: string;
}

/** The observation's fields: what, when, where, the win toggle, and (unless compact) "More details". */
export function ObservationFields({
  idPrefix,
  draft,
  onChange,
  errors,
  compact = false,
  moreOpen,
  onMoreOpenChange,
  whatLabel = 'What happened',
}: ObservationFieldsProps) {
  const idFor = (field: string) => `${idPrefix}-${field}`;
  const moreId = idFor('more');
  return (
    <div className="grid gap-4">
      <TextAreaField
        id={idFor('what')}
        label={whatLabel}
        required
        rows={3}
        maxLength={2000}
        placeholder="One thing you noticed, big or small"
        value={draft.what}
        error={errors.what}
        onChange={(event) => onChange({ what: event.target.value })}
      />
      <div className="grid gap-4">
        <TextField
          id={idFor('occurredAt')}
          label="When"
          type="datetime-local"
          className="max-w-64"
          value={draft.when}
          error={errors.occurredAt}
          onChange={(event) => onChange({ when: event.target.value, whenTouched: true })}
        />
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-ink">Where</legend>
          <div className="flex flex-wrap gap-2">
            {SETTINGS.map((setting, index) => (
              <label key={setting} className={choiceClasses}>
                <input
                  type="radio"
                  id={index === 0 ? idFor('setting') : undefined}
                  name={idFor('setting')}
                  value={setting}
                  checked={draft.setting === setting}
                  onChange={() => onChange({ setting })}
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
                />
                {SETTING_LABELS[setting]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div>
        <WinToggle pressed={draft.isWin} onToggle={() => onChange({ isWin: !draft.isWin })} />
      </div>
      {compact ? null : (
        <div className="grid gap-4">
          <div>
            <button
              type="button"
              aria-expanded={moreOpen}
              aria-controls={moreId}
              onClick={() => onMoreOpenChange(!moreOpen)}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-1 font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-brand-800"
            >
              <svg aria-hidden="true" viewBox="0 0 16 16" className={cn('size-4 transition-transform', moreOpen && 'rotate-90')} fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 3l5 5-5 5" />
              </svg>
              More details
              <span className="font-normal text-ink-muted">(optional)</span>
            </button>
          </div>
          {moreOpen ? (
            <div id={moreId} className="grid gap-4 rounded-xl border border-brand-200 bg-brand-50 p-4">
              <p className="text-sm text-ink-muted">What came before, what your child did, and what followed can show a pattern over time.</p>
              <TextAreaField
                id={idFor('antecedent')}
                label="What came before"
                optional
                rows={2}
                value={draft.antecedent}
                error={errors.antecedent}
                onChange={(event) => onChange({ antecedent: event.target.value })}
              />
              <TextAreaField
                id={idFor('behaviour')}
                label="What your child did"
                optional
                rows={2}
                value={draft.behaviour}
                error={errors.behaviour}
                onChange={(event) => onChange({ behaviour: event.target.value })}
              />
              <TextAreaField
                id={idFor('consequence')}
                label="What happened after"
                optional
                rows={2}
                value={draft.consequence}
                error={errors.consequence}
                onChange={(event) => onChange({ consequence: event.target.value })}
              />
              <fieldset className="grid gap-1.5" aria-describedby={errors.mood ? idFor('mood-error') : undefined}>
                <legend className="mb-1.5 text-sm font-semibold text-ink">
                  Mood <span className="font-normal text-ink-muted">(optional)</span>
                </legend>
                <div className="flex flex-wrap items-center gap-2">
                  {MOODS.map((mood, index) => (
                    <label key={mood} className={choiceClasses}>
                      <input
                        type="radio"
                        id={index === 0 ? idFor('mood') : undefined}
                        name={idFor('mood')}
                        value={mood}
                        checked={draft.mood === mood}
                        onChange={() => onChange({ mood })}
                        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
                      />
                      {mood} · {MOOD_LABELS[mood]}
                    </label>
                  ))}
                  {draft.mood !== null ? (
                    <Button variant="ghost" size="sm" onClick={() => onChange({ mood: null })}>
                      Clear mood
                    </Button>
                  ) : null}
                </div>
                {errors.mood ? (
                  <p id={idFor('mood-error')} className="text-sm font-medium text-red-800">
                    {errors.mood}
                  </p>
                ) : null}
              </fieldset>
              <TagsInput id={idFor('tags')} tags={draft.tags} text={draft.tagText} error={errors.tags} onChange={onChange} />
              <GoalSelect id={idFor('goalId')} value={draft.goalId} error={errors.goalId} onChange={(goalId) => onChange({ goalId })} />
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

/* ---------------------------------------------------------------------------------------------- */

export interface QuickObservationFormProps {
  /** Called with the saved observation, after the form has reset. */
  onSaved?: (observation: Observation) => void;
  /** Put the cursor in "What happened" when the form appears. */
  autoFocus?: boolean;
  /** Only what, when, where and the win toggle (no "More details"). */
  compact?: boolean;
}

/** How often the pre-filled "now" of an untouched "When" field moves on (ms). */
const NOW_REFRESH_MS = 30_000;

/**
 * Quick capture of an observation for the selected child: type what happened, Save. When defaults
 * to now, where to home; "This was a win" is one click. After saving the form empties and the
 * cursor goes back to "What happened" for the next note; a toast says it was saved.
 */
export function QuickObservationForm({ onSaved, autoFocus = false, compact = false }: QuickObservationFormProps) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const [draft, setDraft] = useState<ObservationDraft>(() => emptyDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const focusWhat = () => document.getElementById(idFor('what'))?.focus();
  const logObservation = useLogObservation();

  useEffect(() => {
    if (autoFocus) document.getElementById(`${prefix}-what`)?.focus();
  }, [autoFocus, prefix]);

  // Keep the pre-filled "now" current while the page stays open (until the parent changes it).
  useEffect(() => {
    const timer = setInterval(() => {
      setDraft((current) => (current.whenTouched ? current : { ...current, when: toDateTimeLocal(new Date()) }));
    }, NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const change = (patch: Partial<ObservationDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch).map((key) => (key === 'when' ? 'occurredAt' : key === 'tagText' ? 'tags' : key));
    if (touched.some((field) => errors[field])) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !touched.includes(field))));
    }
  };

  const show = (next: Record<string, string>) => {
    setErrors(next);
    setFormError(next[FORM_ERROR] ?? null);
    showFieldErrors(next, idFor, compact ? null : () => setMoreOpen(true));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (logObservation.isPending) return;
    const input = draftToCreateInput(draft);
    const problems = validateDraft(input);
    if (Object.keys(problems).length > 0) {
      show(problems);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const observation = await logObservation.mutateAsync({ data: observationCreateSchema.parse(input) });
      setDraft(emptyDraft());
      focusWhat();
      onSaved?.(observation);
    } catch (error) {
      const fieldErrors = observationFieldErrors(issuesFromError(error));
      if (Object.keys(fieldErrors).length > 0) show(fieldErrors);
      else
        setFormError(
          error instanceof Error && error.message
            ? `We could not save this note: ${error.message}. What you wrote is still here.`
            : 'We could not save this note. What you wrote is still here; please try again.',
        );
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Log an observation" className="grid gap-4">
      <FormAlert>{formError}</FormAlert>
      <ObservationFields
        idPrefix={prefix}
        draft={draft}
        onChange={change}
        errors={errors}
        compact={compact}
        moreOpen={moreOpen}
        onMoreOpenChange={setMoreOpen}
      />
      <div>
        <Button type="submit" loading={logObservation.isPending}>
          Save observation
        </Button>
      </div>
    </form>
  );
}
