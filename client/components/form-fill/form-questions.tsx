import { clsx } from 'clsx';
import { useState, type ReactNode } from 'react';
import { ANSWER_LIMITS, type AnswerValue } from '#shared/form-answers.ts';
import type { FormFillView } from '#shared/schemas/form.ts';

/*
 * A smart form's questions as the recipient answers them (issue 28, decision 0109): on the light fill
 * page and in the editor's phone preview. Types only from shared/ (no zod, no tRPC): this file is part
 * of a page a teacher opens on a phone over a school network. Every control is at least 44 px tall and
 * the layout holds at 320 px.
 */

export type FillQuestion = FormFillView['questions'][number];

export interface FormQuestionsProps {
  questions: FormFillView['questions'];
  values: Record<string, AnswerValue>;
  /** A sentence per question id that has a problem (the page's check or the server's 400). */
  issues: Record<string, string>;
  onChange: (questionId: string, value: AnswerValue) => void;
  disabled?: boolean;
  /** Keeps ids unique when the questions are shown twice on a page (the editor and its preview). */
  idPrefix?: string;
}

const inputClasses =
  'block min-h-12 w-full min-w-0 rounded-lg border border-ink/40 bg-white px-3 py-2 text-lg text-ink ' +
  'focus-visible:border-brand-800 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800 ' +
  'aria-invalid:border-2 aria-invalid:border-red-700';

// A choice is the whole box, not only its dot: a finger anywhere on it picks it.
const choiceClasses =
  'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border border-ink/40 bg-white py-2 text-lg font-semibold text-ink ' +
  'has-checked:border-2 has-checked:border-brand-800 has-checked:bg-brand-100 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-800';

const stepButtonClasses =
  'inline-flex size-12 shrink-0 items-center justify-center rounded-lg border border-brand-800 bg-white text-2xl font-bold text-brand-800 ' +
  'hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:opacity-60';

/** A typed number as an answer: empty is skipped, a number is itself, anything else is kept as typed so the check can say so. */
export function parseNumberAnswer(typed: string): AnswerValue {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  // "2,5" on a phone set to a comma-decimal language means 2.5.
  const normalized = trimmed.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(normalized)) return trimmed;
  return Number(normalized);
}

function typedText(value: AnswerValue | undefined): string {
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  return String(value);
}

/** The ids of what describes a control, or undefined when nothing does. */
function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}

interface ControlProps {
  question: FillQuestion;
  value: AnswerValue | undefined;
  id: string;
  /** The legend's id: the control's name. */
  labelId: string;
  /** The issue's id when there is one. */
  issueId: string | undefined;
  onChange: (value: AnswerValue) => void;
  disabled: boolean;
}

/**
 * A number typed as text (so "3." or "-" can be on the way to a number), told to the form as a number
 * when it is one. A value set from outside (the plus and minus buttons, a restored draft) replaces it.
 */
function useTypedNumber(value: AnswerValue | undefined, onChange: (value: AnswerValue) => void) {
  const [typed, setTyped] = useState(() => typedText(value));
  // What was typed while it still means the value; the value itself once it changed from elsewhere.
  const shown = Object.is(parseNumberAnswer(typed), value ?? null) ? typed : typedText(value);
  const type = (next: string) => {
    setTyped(next);
    onChange(parseNumberAnswer(next));
  };
  return [shown, type] as const;
}

function CountControl({ question, value, id, labelId, issueId, onChange, disabled }: ControlProps) {
  const [typed, type] = useTypedNumber(value, onChange);
  const current = typeof value === 'number' && Number.isInteger(value) ? value : null;
  const step = (by: number) => {
    const next = Math.min(ANSWER_LIMITS.countMax, Math.max(0, (current ?? 0) + by));
    onChange(next);
  };
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        className={stepButtonClasses}
        aria-label="One less"
        aria-describedby={labelId}
        disabled={disabled || current === null || current <= 0}
        onClick={() => step(-1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={clsx(inputClasses, 'max-w-32 text-center tabular-nums')}
        value={typed}
        aria-labelledby={labelId}
        aria-describedby={issueId}
        aria-invalid={issueId ? true : undefined}
        aria-required={question.required || undefined}
        disabled={disabled}
        onChange={(event) => type(event.target.value)}
      />
      <button
        type="button"
        className={stepButtonClasses}
        aria-label="One more"
        aria-describedby={labelId}
        disabled={disabled || (current !== null && current >= ANSWER_LIMITS.countMax)}
        onClick={() => step(1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

function NumberControl({ question, value, id, labelId, issueId, onChange, disabled }: ControlProps) {
  const [typed, type] = useTypedNumber(value, onChange);
  const unitId = `${id}-unit`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={clsx(inputClasses, 'max-w-40 tabular-nums')}
        value={typed}
        aria-labelledby={labelId}
        aria-describedby={describedBy(question.unit && unitId, issueId)}
        aria-invalid={issueId ? true : undefined}
        aria-required={question.required || undefined}
        disabled={disabled}
        onChange={(event) => type(event.target.value)}
      />
      {question.unit ? (
        <span id={unitId} className="text-lg text-ink">
          {question.unit}
        </span>
      ) : null}
    </div>
  );
}

function DateControl({ question, value, id, labelId, issueId, onChange, disabled }: ControlProps) {
  return (
    <input
      id={id}
      type="date"
      className={clsx(inputClasses, 'max-w-56')}
      value={typeof value === 'string' ? value : ''}
      aria-labelledby={labelId}
      aria-describedby={issueId}
      aria-invalid={issueId ? true : undefined}
      aria-required={question.required || undefined}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    />
  );
}

function charactersLeft(length: number): string {
  const left = ANSWER_LIMITS.text - length;
  if (left >= 0) return `${left.toLocaleString('en-US')} ${left === 1 ? 'character' : 'characters'} left`;
  return `${(-left).toLocaleString('en-US')} ${left === -1 ? 'character' : 'characters'} too many`;
}

function TextControl({ question, value, id, labelId, issueId, onChange, disabled }: ControlProps) {
  const text = typeof value === 'string' ? value : '';
  const countId = `${id}-count`;
  const over = text.trim().length > ANSWER_LIMITS.text;
  return (
    <>
      <textarea
        id={id}
        rows={4}
        className={clsx(inputClasses, 'min-h-28')}
        value={text}
        aria-labelledby={labelId}
        aria-describedby={describedBy(issueId, countId)}
        aria-invalid={issueId || over ? true : undefined}
        aria-required={question.required || undefined}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      />
      <p id={countId} className={clsx('mt-1 text-right text-sm tabular-nums', over ? 'font-semibold text-red-800' : 'text-ink-muted')}>
        {charactersLeft(text.trim().length)}
      </p>
    </>
  );
}

function Choice({
  id,
  name,
  checked,
  onSelect,
  disabled,
  describedById,
  compact = false,
  children,
}: {
  id?: string | undefined;
  name: string;
  checked: boolean;
  onSelect: () => void;
  disabled: boolean;
  describedById?: string | undefined;
  /** Five to a row: on a phone the box alone shows the choice (its border and colour), not the dot. */
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={clsx(choiceClasses, compact ? 'px-1' : 'px-3')}>
      <input
        id={id}
        type="radio"
        name={name}
        className={clsx('size-5 shrink-0 accent-brand-800', compact && 'sr-only sm:not-sr-only')}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedById}
        onChange={onSelect}
      />
      {children}
    </label>
  );
}

function YesNoControl({ value, id, onChange, disabled }: ControlProps) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Choice id={id} name={id} checked={value === true} disabled={disabled} onSelect={() => onChange(true)}>
        Yes
      </Choice>
      <Choice name={id} checked={value === false} disabled={disabled} onSelect={() => onChange(false)}>
        No
      </Choice>
    </div>
  );
}

const SCALE_POINTS = [1, 2, 3, 4, 5] as const;

function ScaleControl({ question, value, id, onChange, disabled }: ControlProps) {
  const lowId = `${id}-low`;
  const highId = `${id}-high`;
  return (
    <div>
      {/* The ends' words above the row on a phone, so five boxes still fit at 320 px. */}
      {question.scaleLow || question.scaleHigh ? (
        <div className="mb-2 flex justify-between gap-4 text-sm text-ink" aria-hidden="true">
          <span>{question.scaleLow ? `1 = ${question.scaleLow}` : ''}</span>
          <span className="text-right">{question.scaleHigh ? `5 = ${question.scaleHigh}` : ''}</span>
        </div>
      ) : null}
      <div className="grid grid-cols-5 gap-1.5 sm:gap-2">
        {SCALE_POINTS.map((point) => (
          <Choice
            key={point}
            id={point === 1 ? id : undefined}
            compact
            name={id}
            checked={value === point}
            disabled={disabled}
            describedById={point === 1 && question.scaleLow ? lowId : point === 5 && question.scaleHigh ? highId : undefined}
            onSelect={() => onChange(point)}
          >
            {point}
          </Choice>
        ))}
      </div>
      {question.scaleLow ? (
        <span id={lowId} className="sr-only">
          {question.scaleLow}
        </span>
      ) : null}
      {question.scaleHigh ? (
        <span id={highId} className="sr-only">
          {question.scaleHigh}
        </span>
      ) : null}
    </div>
  );
}

const CONTROLS: Record<FillQuestion['kind'], (props: ControlProps) => ReactNode> = {
  count: CountControl,
  'yes-no': YesNoControl,
  scale: ScaleControl,
  number: NumberControl,
  date: DateControl,
  text: TextControl,
};

/** Kinds answered by picking one of several: the group itself is the radio group, described by its issue. */
const CHOICE_KINDS: ReadonlySet<FillQuestion['kind']> = new Set(['yes-no', 'scale']);

function Question({
  question,
  number,
  value,
  issue,
  onChange,
  disabled,
  idPrefix,
}: {
  question: FillQuestion;
  number: number;
  value: AnswerValue | undefined;
  issue: string | undefined;
  onChange: (value: AnswerValue) => void;
  disabled: boolean;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${question.id}`;
  const labelId = `${id}-label`;
  const issueId = issue ? `${id}-issue` : undefined;
  const Control = CONTROLS[question.kind];
  const choice = CHOICE_KINDS.has(question.kind);
  return (
    <fieldset
      id={`${id}-question`}
      className="min-w-0 rounded-xl border border-ink/15 bg-white p-4"
      role={choice ? 'radiogroup' : undefined}
      aria-labelledby={labelId}
      aria-describedby={choice ? issueId : undefined}
      aria-invalid={choice && issue ? true : undefined}
      aria-required={choice && question.required ? true : undefined}
      disabled={disabled}
    >
      <legend id={labelId} className="float-left mb-3 w-full text-lg font-semibold text-ink">
        <span className="sr-only">Question {number}: </span>
        {question.prompt}{' '}
        <span className={clsx('text-base font-normal', question.required ? 'text-red-800' : 'text-ink-muted')}>
          {question.required ? '(required)' : '(optional)'}
        </span>
      </legend>
      <div className="clear-left">
        {issue ? (
          <p id={issueId} className="mb-2 font-semibold text-red-800">
            <span className="sr-only">Problem: </span>
            {issue}
          </p>
        ) : null}
        <Control question={question} value={value} id={id} labelId={labelId} issueId={issueId} onChange={onChange} disabled={disabled} />
      </div>
    </fieldset>
  );
}

/** The first control of a question, to focus when it has a problem. */
export function questionControlId(questionId: string, idPrefix = 'q'): string {
  return `${idPrefix}-${questionId}`;
}

export function FormQuestions({ questions, values, issues, onChange, disabled = false, idPrefix = 'q' }: FormQuestionsProps) {
  return (
    <div className="grid gap-4">
      {questions.map((question, index) => (
        <Question
          key={question.id}
          question={question}
          number={index + 1}
          value={values[question.id]}
          issue={issues[question.id]}
          onChange={(value) => onChange(question.id, value)}
          disabled={disabled}
          idPrefix={idPrefix}
        />
      ))}
    </div>
  );
}

export interface FormIntroProps {
  title: string;
  intro: string | null;
  firstName: string;
  recipientName?: string;
  /** The title's heading: the page's own h1 on the fill screen, a lower one inside the editor's preview. */
  headingLevel?: 1 | 2 | 3;
}

/** The form's title, who it is for and about, and the parent's intro line. Only the child's first name. */
export function FormIntro({ title, intro, firstName, recipientName, headingLevel = 1 }: FormIntroProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="grid gap-2">
      <Heading className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</Heading>
      <p className="text-lg text-ink">
        {recipientName ? `Hello ${recipientName}. ` : ''}
        {firstName}'s family asked for your answers to these questions.
      </p>
      {intro ? <p className="text-lg whitespace-pre-line text-ink">{intro}</p> : null}
    </div>
  );
}
