/*
 * Smart forms' answers (issue 28, decision 0109), checked the same way on the fill screen and on the
 * server: a count is a whole number from 0, a scale 1-5, a number within the measure's range, a date a
 * day, yes/no true or false, a text within its limit. Zod-free, so the light fill page can use it.
 */

export const FORM_QUESTION_KINDS = ['count', 'yes-no', 'scale', 'number', 'date', 'text'] as const;
export type FormQuestionKind = (typeof FORM_QUESTION_KINDS)[number];

/** Kinds whose answer, on a question tied to a goal, becomes a progress entry on approval; `text` becomes an observation. */
export const MEASURED_KINDS: readonly FormQuestionKind[] = ['count', 'scale', 'number'];

export const ANSWER_LIMITS = {
  text: 1000,
  countMax: 10_000,
  /** A number answer's range, the progress entries' own (GOAL_LIMITS.measure). */
  measure: 1_000_000,
  scaleMin: 1,
  scaleMax: 5,
} as const;

/** An answer as sent: a number, true/false, a day (YYYY-MM-DD) or a text; null or left out when skipped. */
export type AnswerValue = number | boolean | string | null;

/** What the check needs of a question. */
export interface AnsweredQuestion {
  id: string;
  kind: FormQuestionKind;
  prompt: string;
  required?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether an answer was given at all: empty text and null count as skipped. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** What is wrong with one answer to `question`, in words for the person answering; null when it is fine. */
export function answerProblem(question: AnsweredQuestion, value: AnswerValue | undefined): string | null {
  if (!isAnswered(value)) return question.required ? 'Please answer this question' : null;
  switch (question.kind) {
    case 'count':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= ANSWER_LIMITS.countMax
        ? null
        : `Enter a whole number from 0 to ${ANSWER_LIMITS.countMax}`;
    case 'scale':
      return typeof value === 'number' && Number.isInteger(value) && value >= ANSWER_LIMITS.scaleMin && value <= ANSWER_LIMITS.scaleMax
        ? null
        : `Choose from ${ANSWER_LIMITS.scaleMin} to ${ANSWER_LIMITS.scaleMax}`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= ANSWER_LIMITS.measure ? null : 'Enter a number';
    case 'yes-no':
      return typeof value === 'boolean' ? null : 'Choose yes or no';
    case 'date':
      return typeof value === 'string' && isRealDay(value) ? null : 'Enter a date';
    case 'text':
      return typeof value === 'string' && value.trim().length <= ANSWER_LIMITS.text ? null : `At most ${ANSWER_LIMITS.text} characters`;
  }
}

export interface AnswerIssue {
  questionId: string;
  message: string;
}

/**
 * Every problem with a set of answers to `questions`: each question at most once, none to a question the
 * form does not ask, each within its kind. Empty when they can be sent.
 */
export function answerIssues(
  questions: readonly AnsweredQuestion[],
  answers: readonly { questionId: string; value: AnswerValue }[],
): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const given = new Map<string, AnswerValue>();
  for (const answer of answers) {
    if (!questions.some((question) => question.id === answer.questionId)) {
      issues.push({ questionId: answer.questionId, message: 'This form has no such question' });
    } else if (given.has(answer.questionId)) {
      issues.push({ questionId: answer.questionId, message: 'Answer each question once' });
    } else given.set(answer.questionId, answer.value);
  }
  for (const question of questions) {
    const problem = answerProblem(question, given.get(question.id));
    if (problem) issues.push({ questionId: question.id, message: problem });
  }
  return issues;
}

/** How `answerText` writes a day and a number; the app passes the parent's locale, the pack and PDF keep en-US. */
export interface AnswerFormats {
  formatDay: (isoDay: string) => string;
  formatNumber: (value: number) => string;
}

const EN_US_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const EN_US_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const EN_US: AnswerFormats = {
  formatDay: (isoDay) => (isRealDay(isoDay) ? EN_US_DAY.format(new Date(`${isoDay}T00:00:00Z`)) : isoDay),
  formatNumber: (value) => EN_US_NUMBER.format(value),
};

/**
 * An answer as the parent reads it, in the inbox, the meeting pack and its PDF alike: "4 times" ("1 time"
 * for a count without a unit), "72.5 words per minute", "3 of 5", "Yes", "Nov 3, 2026", the text;
 * "Not answered" when skipped.
 */
export function answerText(
  answer: { kind: FormQuestionKind; value: AnswerValue | undefined; unit?: string | null },
  { formatDay, formatNumber }: AnswerFormats = EN_US,
): string {
  const { value } = answer;
  if (!isAnswered(value)) return 'Not answered';
  switch (answer.kind) {
    case 'yes-no':
      return value === true ? 'Yes' : 'No';
    case 'scale':
      return `${String(value)} of 5`;
    case 'date':
      return typeof value === 'string' ? formatDay(value) : String(value);
    case 'count':
    case 'number': {
      const number = typeof value === 'number' ? formatNumber(value) : String(value);
      const unit = answer.unit?.trim();
      if (unit) return `${number} ${unit}`;
      return answer.kind === 'count' ? `${number} ${value === 1 ? 'time' : 'times'}` : number;
    }
    case 'text':
      return String(value);
  }
}
