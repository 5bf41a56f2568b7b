import { MEASURED_KINDS, type FormQuestionKind } from '#shared/form-answers.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import { FORM_LIMITS, type Form, type FormFillView, type FormUpdate } from '#shared/schemas/form.ts';

/*
 * The form editor's working copy (issue 28): what the fields hold, as text, until it is saved. Checked
 * here with the shared limits so autosave sends only what the server accepts, and shaped for the
 * preview exactly as the fill screen gets it.
 */

export interface QuestionDraft {
  id: string;
  kind: FormQuestionKind;
  prompt: string;
  required: boolean;
  goalId: number | null;
  unit: string;
  scaleLow: string;
  scaleHigh: string;
}

export interface FormDraft {
  title: string;
  intro: string;
  questions: QuestionDraft[];
}

export const QUESTION_KIND_LABELS: Record<FormQuestionKind, string> = {
  count: 'How many times (a count)',
  'yes-no': 'Yes or no',
  scale: 'A scale from 1 to 5',
  number: 'A number',
  date: 'A date',
  text: 'A short text',
};

export function draftOf(form: Pick<Form, 'title' | 'intro' | 'questions'>): FormDraft {
  return {
    title: form.title,
    intro: form.intro ?? '',
    questions: form.questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      required: question.required,
      goalId: question.goalId,
      // A tied question's unit is the goal's, read each time: the draft keeps only a unit of its own.
      unit: question.goalId === null ? (question.unit ?? '') : '',
      scaleLow: question.scaleLow ?? '',
      scaleHigh: question.scaleHigh ?? '',
    })),
  };
}

/** q1, q2...: the next id no question has. */
export function nextQuestionId(questions: readonly QuestionDraft[]): string {
  const taken = new Set(questions.map((question) => question.id));
  let number = questions.length + 1;
  while (taken.has(`q${number}`)) number += 1;
  return `q${number}`;
}

export function newQuestion(kind: FormQuestionKind, questions: readonly QuestionDraft[]): QuestionDraft {
  return {
    id: nextQuestionId(questions),
    kind,
    prompt: '',
    required: false,
    goalId: null,
    unit: '',
    scaleLow: kind === 'scale' ? 'Not at all' : '',
    scaleHigh: kind === 'scale' ? 'Very much' : '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What the server is sent: each kind's own fields, the rest empty. */
export function updateOf(draft: FormDraft): FormUpdate & { title: string; questions: NonNullable<FormUpdate['questions']> } {
  return {
    title: draft.title.trim(),
    intro: orNull(draft.intro),
    questions: draft.questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt.trim(),
      required: question.required,
      goalId: question.goalId,
      unit: question.kind === 'number' && question.goalId === null ? orNull(question.unit) : null,
      scaleLow: question.kind === 'scale' ? orNull(question.scaleLow) : null,
      scaleHigh: question.kind === 'scale' ? orNull(question.scaleHigh) : null,
    })),
  };
}

/** Two drafts that save the same (spaces around words do not count). */
export function sameForm(a: FormDraft, b: FormDraft): boolean {
  return JSON.stringify(updateOf(a)) === JSON.stringify(updateOf(b));
}

const over = (limit: number) => `At most ${limit} characters`;

/**
 * What stops the draft from saving, by field: `title`, `intro`, `<questionId>.prompt`, `.unit`,
 * `.scaleLow`, `.scaleHigh`. Empty when it can be saved.
 */
export function draftProblems(draft: FormDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  const title = draft.title.trim();
  if (title === '') problems.title = 'Give the form a title';
  else if (title.length > FORM_LIMITS.title) problems.title = over(FORM_LIMITS.title);
  if (draft.intro.trim().length > FORM_LIMITS.intro) problems.intro = over(FORM_LIMITS.intro);
  for (const question of draft.questions) {
    const prompt = question.prompt.trim();
    if (prompt === '') problems[`${question.id}.prompt`] = 'Write the question';
    else if (prompt.length > FORM_LIMITS.prompt) problems[`${question.id}.prompt`] = over(FORM_LIMITS.prompt);
    if (question.kind === 'number' && question.goalId === null && question.unit.trim().length > FORM_LIMITS.unit) {
      problems[`${question.id}.unit`] = over(FORM_LIMITS.unit);
    }
    if (question.kind === 'scale') {
      for (const end of ['scaleLow', 'scaleHigh'] as const) {
        if (question[end].trim().length > FORM_LIMITS.scaleLabel) problems[`${question.id}.${end}`] = over(FORM_LIMITS.scaleLabel);
      }
    }
  }
  return problems;
}

/** Which way a goal is meant to move, from its baseline to its target; null when either is not set. */
export function goalDirection(goal: Pick<Goal, 'baseline' | 'target'>): 'up' | 'down' | 'hold' | null {
  if (goal.baseline === null || goal.target === null) return null;
  if (goal.target > goal.baseline) return 'up';
  if (goal.target < goal.baseline) return 'down';
  return 'hold';
}

const withUnit = (value: number, unit: string | null) => (unit ? `${value} ${unit}` : String(value));

/** What a question tied to `goal` takes from it: "Measured in minutes. Baseline 2 minutes, aiming up to 10 minutes." */
export function goalTieText(goal: Pick<Goal, 'baseline' | 'target' | 'unit'>): string {
  const parts = [goal.unit ? `Measured in ${goal.unit}.` : 'The goal has no unit.'];
  if (goal.baseline !== null) parts.push(`Baseline ${withUnit(goal.baseline, goal.unit)}.`);
  const direction = goalDirection(goal);
  if (goal.target !== null) {
    const way = direction === 'up' ? 'aiming up to' : direction === 'down' ? 'aiming down to' : 'aiming for';
    parts.push(`${parts.length > 1 ? 'From there' : 'The goal is'} ${way} ${withUnit(goal.target, goal.unit)}.`);
  }
  return parts.join(' ');
}

/** What approving an answer to a question tied to a goal makes of it. */
export function goalTieOutcome(kind: FormQuestionKind): string {
  if (MEASURED_KINDS.includes(kind)) return 'Once you approve an answer, it becomes a progress entry on this goal.';
  if (kind === 'text') return 'Once you approve an answer, it becomes an observation linked to this goal.';
  return 'Answers stay with the response: this kind does not become a progress entry.';
}

/**
 * The questions as the recipient's fill screen gets them: no goal, the unit the goal gives (a tied
 * question's unit is the goal's), blank prompts left out.
 */
export function previewQuestions(draft: FormDraft, goals: readonly Pick<Goal, 'id' | 'unit'>[]): FormFillView['questions'] {
  const saved = updateOf(draft).questions;
  return saved
    .filter((question) => question.prompt !== '')
    .map((question) => {
      const goal = question.goalId == null ? undefined : goals.find((each) => each.id === question.goalId);
      // As the server reads it: a tied question's unit is the goal's, whatever its kind.
      const unit = goal ? goal.unit : (question.unit ?? null);
      return {
        id: question.id,
        kind: question.kind,
        prompt: question.prompt,
        required: question.required ?? false,
        unit: unit ?? null,
        scaleLow: question.scaleLow ?? null,
        scaleHigh: question.scaleHigh ?? null,
      };
    });
}
