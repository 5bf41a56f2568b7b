import { flushSync } from 'react-dom';
import { earliestPastDay } from '#shared/schemas/dates.ts';
import { OBSERVATION_LIMITS, SETTINGS } from '#shared/schemas/observation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { focusFirstError } from '../../../lib/field-errors.ts';
import { TextAreaField, TextField } from '../../components/form-field.tsx';
import { GoalSelect } from './goal-select.tsx';
import { MORE_DETAIL_FIELDS, OBSERVATION_FIELD_ORDER, type ObservationDraft } from './observation-draft.ts';
import { DETAIL_LABELS, MOOD_LABELS, MOODS, SETTING_LABELS } from './observation-labels.ts';
import { TagsInput } from './tags-input.tsx';
import { WinToggle } from './win-toggle.tsx';

/** Opens "More details" when one of its fields has an error, then focuses the first field with one. */
export function showFieldErrors(errors: Record<string, string>, idFor: (field: string) => string, openMore: (() => void) | null): void {
  if (openMore && Object.keys(errors).some((field) => MORE_DETAIL_FIELDS.has(field))) flushSync(openMore);
  focusFirstError(errors, OBSERVATION_FIELD_ORDER, idFor);
}

const choiceClasses =
  'relative inline-flex min-h-11 cursor-pointer items-center rounded-full border border-ink/25 bg-white px-4 text-sm font-medium text-ink sm:min-h-10 ' +
  'hover:bg-brand-50 has-checked:border-brand-800 has-checked:bg-brand-800 has-checked:text-white ' +
  'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-800';

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
  /** Frozen while a save waits for the connection: what is saved is what is shown. */
  disabled?: boolean;
}

/**
 * The observation's fields, shared by quick capture and edit: what, when, where and the win toggle;
 * then (unless compact) "More details" with what came before, what the child did, what followed,
 * mood, tags and a linked goal.
 */
export function ObservationFields({
  idPrefix,
  draft,
  onChange,
  errors,
  compact = false,
  moreOpen,
  onMoreOpenChange,
  disabled = false,
}: ObservationFieldsProps) {
  const idFor = (field: string) => `${idPrefix}-${field}`;
  const moreId = idFor('more');
  return (
    <fieldset disabled={disabled} className="grid min-w-0 gap-4">
      <TextAreaField
        id={idFor('what')}
        label="What happened"
        required
        rows={3}
        limit={OBSERVATION_LIMITS.what}
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
          min={`${earliestPastDay()}T00:00`}
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
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                className={cn('size-4 transition-transform', moreOpen && 'rotate-90')}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 3l5 5-5 5" />
              </svg>
              More details
              <span className="font-normal text-ink-muted">(optional)</span>
            </button>
          </div>
          {moreOpen ? (
            <div id={moreId} className="grid gap-4 rounded-xl border border-brand-200 bg-brand-50 p-4">
              <p className="text-sm text-ink-muted">
                What came before, what your child did, and what followed can show a pattern over time.
              </p>
              {DETAIL_LABELS.map(([field, label]) => (
                <TextAreaField
                  key={field}
                  id={idFor(field)}
                  label={label}
                  optional
                  rows={2}
                  limit={OBSERVATION_LIMITS.detail}
                  value={draft[field]}
                  error={errors[field]}
                  onChange={(event) => onChange({ [field]: event.target.value })}
                />
              ))}
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
    </fieldset>
  );
}
