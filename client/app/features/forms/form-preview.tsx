import { useState } from 'react';
import type { AnswerValue } from '#shared/form-answers.ts';
import type { FormFillView } from '#shared/schemas/form.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import { FormIntro, FormQuestions } from '../../../components/form-fill/form-questions.tsx';
import { previewQuestions, QUESTION_KIND_LABELS, type FormDraft } from './form-draft.ts';

/**
 * The form as the person answering will see it, on a phone's width (about 375 px), from the fill
 * screen's own components: the title, the intro, the questions, and the child's first name, nothing
 * else of the record. Answers typed here go nowhere; they let the parent try the controls.
 */
export function FormPreview({ draft, firstName, goals }: { draft: FormDraft; firstName: string; goals: Goal[] | undefined }) {
  const [values, setValues] = useState<Record<string, AnswerValue>>({});
  const questions = previewQuestions(draft, goals ?? []);
  return (
    <section aria-labelledby="form-preview-heading" className="grid min-w-0 gap-2">
      <h2 id="form-preview-heading" className="text-xl font-bold text-ink">
        Preview
      </h2>
      <p className="text-sm text-ink-muted">What the person you send it to sees on a phone. Answers you try here are not sent.</p>
      <div
        data-testid="form-preview-frame"
        className="mx-auto w-full max-w-[375px] min-w-0 overflow-hidden rounded-[2rem] border-8 border-ink/80 bg-brand-50 shadow-sm"
      >
        <div className="grid gap-6 px-4 py-6">
          <FormIntro
            title={draft.title.trim() || 'Untitled form'}
            intro={draft.intro.trim() || null}
            firstName={firstName}
            headingLevel={3}
          />
          {questions.length === 0 ? (
            <p className="text-ink-muted">No questions yet.</p>
          ) : (
            <FormQuestions
              questions={questions}
              values={values}
              issues={{}}
              idPrefix="preview"
              onChange={(questionId, value) => setValues((old) => ({ ...old, [questionId]: value }))}
            />
          )}
        </div>
      </div>
    </section>
  );
}

/** A question's kind and what goes with it, in words: "A scale from 1 to 5: 1 Not focused, 5 Very focused". */
function kindLine(question: FormFillView['questions'][number]): string {
  const kind = QUESTION_KIND_LABELS[question.kind];
  if (question.kind === 'scale' && (question.scaleLow || question.scaleHigh)) {
    return `${kind}: 1 ${question.scaleLow ?? ''}, 5 ${question.scaleHigh ?? ''}`.replace(/\s+,/g, ',').trim();
  }
  return question.unit ? `${kind}, in ${question.unit}` : kind;
}

/** The form as saved, for someone who may read it but not change it: no fields, nothing to send. */
export function ReadOnlyForm({ draft, firstName, goals }: { draft: FormDraft; firstName: string; goals: Goal[] | undefined }) {
  const questions = previewQuestions(draft, goals ?? []);
  const goalOf = (questionId: string) => {
    const goalId = draft.questions.find((question) => question.id === questionId)?.goalId ?? null;
    return goalId === null ? undefined : goals?.find((goal) => goal.id === goalId);
  };
  return (
    <section aria-label="The form" className="grid min-w-0 gap-4 rounded-xl border border-ink/10 bg-white p-4 sm:p-6">
      <FormIntro title={draft.title} intro={draft.intro.trim() || null} firstName={firstName} headingLevel={2} />
      {questions.length === 0 ? (
        <p className="text-ink-muted">No questions yet.</p>
      ) : (
        <ol className="grid list-decimal gap-3 pl-6">
          {questions.map((question) => {
            const goal = goalOf(question.id);
            return (
              <li key={question.id} className="text-ink">
                <p className="font-semibold wrap-anywhere">{question.prompt}</p>
                <p className="text-sm text-ink-muted">
                  {kindLine(question)}
                  {question.required ? ' · an answer is needed' : ''}
                </p>
                {goal ? <p className="text-sm text-ink-muted wrap-anywhere">Tied to the goal “{goal.title}”</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
