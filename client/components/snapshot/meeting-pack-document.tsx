import { useId, type ReactNode } from 'react';
import { DOCUMENT_CATEGORY_LABELS, GOAL_AREA_LABELS, entrySourceLine } from '#shared/record-labels.ts';
import { answerText } from '#shared/form-answers.ts';
import type { MeetingPack } from '#shared/schemas/snapshot.ts';
import { supportPlanLabel } from '../../lib/child-labels.ts';
import { formatDate, formatMomentDate } from '../../lib/dates.ts';
import {
  below,
  Bullets,
  Heading,
  type HeadingLevel,
  Nothing,
  PRINT_DOCUMENT_CLASS,
  PRINT_KEEP_TOGETHER_CLASS,
  ratingText,
} from './document-parts.tsx';
import { ProgressChart } from './progress-chart.tsx';

/*
 * The IEP meeting pack (issue 27) on screen: for the period, each goal's chart against baseline and
 * target with the parent's observations about it beside what the team said (approved smart-form
 * answers, issue 28), the strategies used with their ratings, the documents added, and the questions
 * to bring. printStyles gives it the print stylesheet's class.
 */

type PackGoal = MeetingPack['goals'][number];

function Goal({ goal, level }: { goal: PackGoal; level: HeadingLevel }) {
  return (
    <section aria-label={goal.title} className={`${PRINT_KEEP_TOGETHER_CLASS} min-w-0 rounded-xl border border-brand-300 p-4`}>
      <Heading level={level} className="text-base font-bold text-brand-900">
        {goal.title}
      </Heading>
      <p className="text-sm text-ink-muted">{GOAL_AREA_LABELS[goal.area]}</p>
      <div className="mt-2">
        <ProgressChart points={goal.points} baseline={goal.baseline} target={goal.target} unit={goal.unit} title={goal.title} />
      </div>
      <Heading level={below(level)} className="mt-3 font-semibold">
        Observations about this goal
      </Heading>
      <Bullets
        empty="No observations about this goal in the period."
        items={goal.observations.map((observation) => (
          <>
            <span className="text-sm text-ink-muted">{formatMomentDate(observation.occurredAt)}: </span>
            <span className="whitespace-pre-wrap">{observation.what}</span>
          </>
        ))}
      />
      {goal.answers.length ? (
        <>
          <Heading level={below(level)} className="mt-3 font-semibold">
            What the team said
          </Heading>
          <Bullets
            items={goal.answers.map((answer) => (
              <>
                <span className="whitespace-pre-wrap">
                  {answer.prompt}: <strong className="font-semibold">{answerText(answer)}</strong>
                </span>
                <span className="block text-sm text-ink-muted first-letter:uppercase">{entrySourceLine(answer)}</span>
              </>
            ))}
          />
        </>
      ) : null}
      <Heading level={below(level)} className="mt-3 font-semibold">
        Strategies used
      </Heading>
      <Bullets
        empty="No strategies linked to this goal."
        items={goal.strategies.map((strategy) => {
          const rating = ratingText(strategy.effectiveness) ?? 'Not rated';
          return `${strategy.title}: ${rating}${strategy.active ? '' : ' (no longer in use)'}`;
        })}
      />
    </section>
  );
}

export interface MeetingPackDocumentProps {
  pack: MeetingPack;
  /** FLAG_PDF_PRINT_STYLES: carry the print stylesheet. */
  printStyles?: boolean;
  /** The title's rank: 1 on a page of its own, 2 inside a page that has its own h1. Sections are one below. */
  headingLevel?: 1 | 2;
  /** What the app offers under a question (asking for data on its goal); nothing in print. */
  questionAction?: (question: MeetingPack['questions'][number]) => ReactNode;
}

export function MeetingPackDocument({ pack, printStyles = false, headingLevel = 1, questionAction }: MeetingPackDocumentProps) {
  const idPrefix = useId();
  const sectionLevel = below(headingLevel);
  const heading = (name: string) => `${idPrefix}-${name}`;
  return (
    <article
      aria-labelledby={heading('title')}
      className={`mx-auto w-full max-w-4xl min-w-0 text-ink ${printStyles ? PRINT_DOCUMENT_CLASS : ''}`}
    >
      <header className="border-b-2 border-brand pb-4">
        <Heading level={headingLevel} id={heading('title')} className="text-2xl leading-tight font-bold text-brand-900 sm:text-3xl">
          IEP meeting pack for {pack.firstName}
        </Heading>
        <p className="mt-1 text-sm text-ink-muted">
          {formatDate(pack.from)} to {formatDate(pack.to)}
          {pack.plan ? ` · ${supportPlanLabel(pack.plan)}` : ''}
        </p>
      </header>

      <section aria-labelledby={heading('goals')} className="mt-6">
        <Heading level={sectionLevel} id={heading('goals')} className="mb-2 text-lg font-bold text-brand-900">
          Goals and progress
        </Heading>
        {pack.goals.length === 0 ? (
          <Nothing>No goals in this period.</Nothing>
        ) : (
          <div className="print-one-column grid gap-4 md:grid-cols-2">
            {pack.goals.map((goal) => (
              <Goal key={goal.id} goal={goal} level={below(sectionLevel)} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby={heading('documents')} className={`${PRINT_KEEP_TOGETHER_CLASS} mt-6`}>
        <Heading level={sectionLevel} id={heading('documents')} className="mb-2 text-lg font-bold text-brand-900">
          Documents added
        </Heading>
        <Bullets
          empty="No documents added in this period."
          items={pack.documents.map(
            (document) => `${document.title} (${DOCUMENT_CATEGORY_LABELS[document.category]}), added ${formatDate(document.addedOn)}`,
          )}
        />
      </section>

      <section aria-labelledby={heading('questions')} className={`${PRINT_KEEP_TOGETHER_CLASS} mt-6`}>
        <Heading level={sectionLevel} id={heading('questions')} className="mb-2 text-lg font-bold text-brand-900">
          Questions to bring
        </Heading>
        {pack.questions.length === 0 ? (
          <Nothing>No open questions from the record.</Nothing>
        ) : (
          <ol className="list-decimal space-y-1 pl-5">
            {pack.questions.map((question, index) => {
              const action = questionAction?.(question);
              return (
                <li key={index}>
                  {question.text}
                  {action ? <div className="mt-1 mb-2 print:hidden">{action}</div> : null}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </article>
  );
}
