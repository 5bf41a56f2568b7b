import { Fragment, useCallback, useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { guideArticlePath, type GuideArticleSummary, type GuideTemplate } from '#shared/guide.ts';
import { LETTER_LAYOUT } from '#shared/letter-layout.ts';
import { LETTER_LIMITS } from '#shared/schemas/guide.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate, localToday } from '../../../lib/dates.ts';
import { primaryEmail, useAuth } from '../../auth/auth-context.tsx';
import { useChildContext } from '../../child-context.tsx';
import { FormAlert, TextAreaField, TextField } from '../../components/form-field.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { OfferedNames } from './offered-names.tsx';
import {
  emptyFields,
  fillParagraphs,
  offeredNames,
  parentPhone,
  prefillValues,
  type TemplateExpense,
  type TemplatePerson,
} from './template-fill.ts';
import { BackToGuide } from './guide-cards.tsx';
import { useLetterActions, useLetterValues } from './use-guide.ts';

/** The letter as it will read: one block per paragraph, line breaks kept. */
function LetterPreview({ paragraphs, missing }: { paragraphs: readonly string[]; missing: readonly string[] }) {
  return (
    <section aria-labelledby="letter-preview" className="grid content-start gap-3">
      <h2 id="letter-preview" className="text-xl font-bold text-ink">
        Preview
      </h2>
      {/* Set as the PDF is (shared LETTER_LAYOUT): its font, its line height, a blank line between paragraphs. */}
      <div
        className="grid rounded-2xl border border-ink/15 bg-white p-6 text-[0.95rem] whitespace-pre-wrap text-ink shadow-sm"
        style={{
          fontFamily: LETTER_LAYOUT.fontFamily,
          lineHeight: LETTER_LAYOUT.lineHeight,
          rowGap: `${LETTER_LAYOUT.lineHeight * LETTER_LAYOUT.paragraphGapLines}em`,
        }}
      >
        {paragraphs.map((paragraph, index) => (
          // Paragraphs have no identity of their own: their place in the letter is it.
          // oxlint-disable-next-line react/no-array-index-key
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {missing.length > 0 ? (
        <p className="text-sm text-ink-muted">Still empty, shown in [brackets]: {missing.join(', ')}.</p>
      ) : (
        <p className="text-sm text-ink-muted">Every field is filled in.</p>
      )}
    </section>
  );
}

export function TemplateNotFound() {
  return (
    <div className="grid max-w-2xl gap-4">
      <h1 className="text-3xl font-bold text-ink">We could not find that letter</h1>
      <p className="text-ink">It may have moved or been renamed. The letters you can fill in are listed in the guide.</p>
      <BackToGuide />
    </div>
  );
}

const NO_PEOPLE: readonly TemplatePerson[] = [];
const NO_STRATEGIES: readonly string[] = [];

export interface TemplateViewProps {
  template: GuideTemplate;
  /** The article that says when and how to send it, when the guide has it. */
  article: GuideArticleSummary | null;
  /** The child's people: the teachers "To" offers, and the parent's phone when they are listed. */
  people?: readonly TemplatePerson[];
  /** The titles of the child's strategies in use. */
  strategies?: readonly string[];
  /** The expense the letter was opened for (`?expenseId=`), and what it says; null when none or unreadable. */
  expenseId?: number | null;
  expense?: TemplateExpense | null;
}

/** /guide/templates/:id: the form, filled from the record; the live preview; PDF and copy. */
export function TemplateView({
  template,
  article,
  people = NO_PEOPLE,
  strategies = NO_STRATEGIES,
  expenseId = null,
  expense = null,
}: TemplateViewProps) {
  const { user } = useAuth();
  const { selectedChild } = useChildContext();
  const online = useOnline();
  const formId = useId();
  const prefill = useCallback(
    () =>
      prefillValues(template, {
        child: selectedChild,
        strategies,
        expense,
        parentName: user?.fullName ?? null,
        parentEmail: primaryEmail(user),
        parentPhone: parentPhone(people, primaryEmail(user), user?.fullName ?? null),
        today: formatDate(localToday()),
        formatDay: formatDate,
      }),
    [template, selectedChild, user, people, strategies, expense],
  );
  const { values, setValue, reset } = useLetterValues(template, user?.id ?? 'anonymous', selectedChild?.id ?? null, prefill, expenseId);
  const paragraphs = useMemo(() => fillParagraphs(template, values), [template, values]);
  const missing = useMemo(() => emptyFields(template, values), [template, values]);
  const { download, copy, downloading, error, downloaded } = useLetterActions(template, values, selectedChild?.firstName ?? null);

  return (
    <div className="grid gap-6">
      <BackToGuide />
      <div className="grid max-w-3xl gap-2">
        <h1 className="text-3xl font-bold text-ink">{template.title}</h1>
        <p className="text-lg text-ink">{template.summary}</p>
        <p className="text-ink-muted">
          {selectedChild
            ? `We started it from ${selectedChild.firstName}\u2019s record${expense ? ` and the expense from ${expense.provider}` : ''}. Change anything: nothing here changes the record.`
            : 'Fill in each field. Nothing here changes a record.'}{' '}
          {article ? (
            <Link to={guideArticlePath(article.slug)} className="font-semibold text-brand-800 underline underline-offset-4">
              When and how to send it: {article.title}
            </Link>
          ) : null}
        </p>
      </div>

      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          id={formId}
          aria-labelledby={`${formId}-heading`}
          className="grid gap-4 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm"
          onSubmit={(event) => {
            event.preventDefault();
            void download();
          }}
        >
          <h2 id={`${formId}-heading`} className="text-xl font-bold text-ink">
            Your letter
          </h2>
          {template.fields.map((field) => {
            const id = `${formId}-${field.key}`;
            const common = {
              id,
              label: field.label,
              hint: field.hint,
              value: values[field.key] ?? '',
              limit: LETTER_LIMITS.paragraph,
              overLimit: 'shorten it to make the letter',
            };
            return field.multiline ? (
              <TextAreaField key={field.key} {...common} rows={5} onChange={(event) => setValue(field.key, event.target.value)} />
            ) : (
              <Fragment key={field.key}>
                <TextField {...common} onChange={(event) => setValue(field.key, event.target.value)} />
                {field.offer ? (
                  <OfferedNames
                    names={offeredNames(field.offer, people)}
                    from={selectedChild ? `From ${selectedChild.firstName}\u2019s people` : 'From People'}
                    fieldLabel={field.label}
                    onPick={(name) => setValue(field.key, name)}
                  />
                ) : null}
              </Fragment>
            );
          })}
          <FormAlert>{error}</FormAlert>
          {online ? null : (
            <p className="rounded-lg border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">
              You&apos;re offline. The PDF needs a connection; you can still copy the text.
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={downloading}>
              Download PDF
            </Button>
            <Button variant="outline" onClick={() => void copy()}>
              Copy text
            </Button>
            <Button variant="ghost" onClick={reset}>
              Start again from the record
            </Button>
          </div>
          {/* In the page from the start, so a screen reader hears it filled; the button keeps focus. */}
          <p role="status" className="text-sm text-ink">
            {downloaded ? `Downloaded ${downloaded}.` : ''}
          </p>
        </form>
        <div className="lg:sticky lg:top-4">
          <LetterPreview paragraphs={paragraphs} missing={missing} />
        </div>
      </div>
    </div>
  );
}
