import { useId } from 'react';
import type { MeetingPack } from '#shared/schemas/snapshot.ts';
import { supportPlanLabel } from '../../lib/child-labels.ts';
import { formatDate, formatMomentDate } from '../../lib/dates.ts';
import { Bullets, Nothing, PRINT_DOCUMENT_CLASS, PRINT_KEEP_TOGETHER_CLASS, ratingText } from './document-parts.tsx';
import { ProgressChart } from './progress-chart.tsx';

/*
 * The IEP meeting pack (issue 27) on screen: for the period, each goal's chart against baseline and
 * target with the parent's observations about it and the strategies used with their ratings, the
 * documents added, and the questions to bring. printStyles gives it the print stylesheet's class.
 */

type PackGoal = MeetingPack['goals'][number];

function Goal({ goal }: { goal: PackGoal }) {
  return (
    <section aria-label={goal.title} className={`${PRINT_KEEP_TOGETHER_CLASS} min-w-0 rounded-xl border border-brand-300 p-4`}>
      <h3 className="text-base font-bold text-brand-900">{goal.title}</h3>
      <div className="mt-2">
        <ProgressChart points={goal.points} baseline={goal.baseline} target={goal.target} unit={goal.unit} title={goal.title} />
      </div>
      <h4 className="mt-3 font-semibold">Observations about this goal</h4>
      <Bullets
        empty="No observations about this goal in the period."
        items={goal.observations.map((observation) => (
          <>
            <span className="text-sm text-ink-muted">{formatMomentDate(observation.occurredAt)}: </span>
            <span className="whitespace-pre-wrap">{observation.what}</span>
          </>
        ))}
      />
      <h4 className="mt-3 font-semibold">Strategies used</h4>
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
}

export function MeetingPackDocument({ pack, printStyles = false }: MeetingPackDocumentProps) {
  const idPrefix = useId();
  const heading = (name: string) => `${idPrefix}-${name}`;
  return (
    <article
      aria-labelledby={heading('title')}
      className={`mx-auto w-full max-w-4xl min-w-0 text-ink ${printStyles ? PRINT_DOCUMENT_CLASS : ''}`}
    >
      <header className="border-b-2 border-brand pb-4">
        <h1 id={heading('title')} className="text-2xl leading-tight font-bold text-brand-900 sm:text-3xl">
          IEP meeting pack for {pack.firstName}
        </h1>
        <p className="mt-1 text-sm text-ink-muted">
          {formatDate(pack.from)} to {formatDate(pack.to)}
          {pack.plan ? ` · ${supportPlanLabel(pack.plan)}` : ''}
        </p>
      </header>

      <section aria-labelledby={heading('goals')} className="mt-6">
        <h2 id={heading('goals')} className="mb-2 text-lg font-bold text-brand-900">
          Goals and progress
        </h2>
        {pack.goals.length === 0 ? (
          <Nothing>No goals in this period.</Nothing>
        ) : (
          <div className="print-one-column grid gap-4 md:grid-cols-2">
            {pack.goals.map((goal) => (
              <Goal key={goal.id} goal={goal} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby={heading('documents')} className={`${PRINT_KEEP_TOGETHER_CLASS} mt-6`}>
        <h2 id={heading('documents')} className="mb-2 text-lg font-bold text-brand-900">
          Documents added
        </h2>
        <Bullets
          empty="No documents added in this period."
          items={pack.documents.map((document) => `${document.title}, added ${formatDate(document.addedOn)}`)}
        />
      </section>

      <section aria-labelledby={heading('questions')} className={`${PRINT_KEEP_TOGETHER_CLASS} mt-6`}>
        <h2 id={heading('questions')} className="mb-2 text-lg font-bold text-brand-900">
          Questions to bring
        </h2>
        {pack.questions.length === 0 ? (
          <Nothing>No open questions from the record.</Nothing>
        ) : (
          <ol className="list-decimal space-y-1 pl-5">
            {pack.questions.map((question, index) => (
              <li key={index}>{question.text}</li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
