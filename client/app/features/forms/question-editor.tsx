import { FORM_QUESTION_KINDS, type FormQuestionKind } from '#shared/form-answers.ts';
import { FORM_LIMITS } from '#shared/schemas/form.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { goalTieOutcome, goalTieText, QUESTION_KIND_LABELS, type QuestionDraft } from './form-draft.ts';

/** The id of one field of a question in the editor: `form-q1-prompt`. */
export function questionFieldId(questionId: string, field: string): string {
  return `form-${questionId}-${field}`;
}

export interface QuestionEditorProps {
  question: QuestionDraft;
  /** Its place, from 0. */
  index: number;
  count: number;
  /** The child's goals (undefined while they load, or when they could not be read). */
  goals: Goal[] | undefined;
  problems: Record<string, string>;
  onChange: (question: QuestionDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

const checkboxLabel = 'flex min-h-11 items-center gap-3 text-ink';

/** What a question tied to a goal takes from it, said under the goal's choice. */
function GoalTie({ question, goals }: { question: QuestionDraft; goals: Goal[] | undefined }) {
  if (question.goalId === null || goals === undefined) return null;
  const goal = goals.find((each) => each.id === question.goalId);
  const id = questionFieldId(question.id, 'goal-tie');
  if (!goal) {
    return (
      <p id={id} className="text-sm text-ink-muted">
        This goal is no longer in the record, so answers will not be tied to it.
      </p>
    );
  }
  return (
    <div id={id} className="grid gap-1 rounded-lg border border-brand-300 bg-brand-50 px-3 py-2 text-sm text-ink">
      <p>{goalTieText(goal)}</p>
      <p>{goalTieOutcome(question.kind)}</p>
      {question.kind === 'number' || question.kind === 'count' ? (
        <p className="text-ink-muted">The person answering sees the unit, never the goal&apos;s title.</p>
      ) : null}
    </div>
  );
}

/** One question in the editor: its kind, wording, whether it must be answered, the kind's own fields, its goal; move and remove. */
export function QuestionEditor({ question, index, count, goals, problems, onChange, onMove, onRemove }: QuestionEditorProps) {
  const field = (name: string) => questionFieldId(question.id, name);
  const set = (change: Partial<QuestionDraft>) => onChange({ ...question, ...change });
  const number = index + 1;
  const problem = (name: string) => problems[`${question.id}.${name}`];
  const tiedGoal = question.goalId === null ? undefined : goals?.find((goal) => goal.id === question.goalId);

  return (
    <fieldset className="grid min-w-0 gap-4 rounded-xl border border-ink/15 bg-white p-4">
      <legend className="px-1 text-lg font-bold text-ink">Question {number}</legend>
      <SelectField
        id={field('kind')}
        label="Kind of answer"
        value={question.kind}
        onChange={(event) => {
          const kind = event.target.value as FormQuestionKind;
          set({
            kind,
            // A scale starts with words at both ends; the parent changes them.
            ...(kind === 'scale' && question.scaleLow === '' && question.scaleHigh === ''
              ? { scaleLow: 'Not at all', scaleHigh: 'Very much' }
              : {}),
          });
        }}
      >
        {FORM_QUESTION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {QUESTION_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <TextField
        id={field('prompt')}
        label="Question"
        limit={FORM_LIMITS.prompt}
        error={problem('prompt')}
        value={question.prompt}
        onChange={(event) => set({ prompt: event.target.value })}
      />
      <label className={checkboxLabel}>
        <input
          id={field('required')}
          type="checkbox"
          className="size-5 accent-brand-800"
          checked={question.required}
          onChange={(event) => set({ required: event.target.checked })}
        />
        An answer is needed
      </label>
      {question.kind === 'number' ? (
        tiedGoal ? (
          <p className="text-sm text-ink">
            <span className="font-semibold">Unit: </span>
            {tiedGoal.unit ?? 'none (the goal has no unit)'}
          </p>
        ) : (
          <TextField
            id={field('unit')}
            label="Unit"
            optional
            hint="For example minutes, words per minute, %."
            limit={FORM_LIMITS.unit}
            error={problem('unit')}
            value={question.unit}
            onChange={(event) => set({ unit: event.target.value })}
          />
        )
      ) : null}
      {question.kind === 'scale' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={field('scaleLow')}
            label="What 1 means"
            optional
            limit={FORM_LIMITS.scaleLabel}
            error={problem('scaleLow')}
            value={question.scaleLow}
            onChange={(event) => set({ scaleLow: event.target.value })}
          />
          <TextField
            id={field('scaleHigh')}
            label="What 5 means"
            optional
            limit={FORM_LIMITS.scaleLabel}
            error={problem('scaleHigh')}
            value={question.scaleHigh}
            onChange={(event) => set({ scaleHigh: event.target.value })}
          />
        </div>
      ) : null}
      <div className="grid gap-2">
        <SelectField
          id={field('goal')}
          label="Tied to a goal"
          optional
          hint={
            goals === undefined
              ? 'The goals are loading.'
              : goals.length === 0
                ? 'No goals yet: add one in the Progress Planner.'
                : undefined
          }
          aria-describedby={question.goalId !== null && goals !== undefined ? field('goal-tie') : undefined}
          value={question.goalId === null ? '' : String(question.goalId)}
          onChange={(event) => set({ goalId: event.target.value === '' ? null : Number(event.target.value) })}
        >
          <option value="">Not tied to a goal</option>
          {(goals ?? []).map((goal) => (
            <option key={goal.id} value={goal.id}>
              {goal.title}
            </option>
          ))}
          {question.goalId !== null && goals !== undefined && !tiedGoal ? (
            <option value={question.goalId}>A goal no longer there</option>
          ) : null}
        </SelectField>
        <GoalTie question={question} goals={goals} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          id={field('up')}
          variant="outline"
          size="sm"
          disabled={index === 0}
          aria-label={`Move up question ${number}`}
          onClick={() => onMove(-1)}
        >
          Move up
        </Button>
        <Button
          id={field('down')}
          variant="outline"
          size="sm"
          disabled={index === count - 1}
          aria-label={`Move down question ${number}`}
          onClick={() => onMove(1)}
        >
          Move down
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-800 hover:bg-red-50"
          aria-label={`Remove question ${number}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
