import {
  GOAL_AREA_LABELS,
  PERSON_ROLE_LABELS,
  SETTING_LABELS,
  STRATEGY_KIND_LABELS,
  STRATEGY_PLACE_LABELS,
} from '#shared/record-labels.ts';
import type { SectionContent } from '#shared/schemas/snapshot.ts';
import { ageLabel, gradeLabel, supportPlanLabel } from '../../lib/child-labels.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { Bullets, Fact, formatAmount, Heading, type HeadingLevel, Nothing, ratingText } from './document-parts.tsx';
import { ProgressChart } from './progress-chart.tsx';

/* What each section of a snapshot shows, by its key (shared/schemas/snapshot.ts). */

type ContentOf<K extends SectionContent['key']> = Extract<SectionContent, { key: K }>;
type StrategyLine = ContentOf<'what-helps'>['strategies'][number];

function Strategies({ strategies, empty }: { strategies: readonly StrategyLine[]; empty: string }) {
  return (
    <Bullets
      empty={empty}
      items={strategies.map((strategy) => {
        const rating = ratingText(strategy.effectiveness);
        const facts = [STRATEGY_KIND_LABELS[strategy.kind], STRATEGY_PLACE_LABELS[strategy.whereUsed], rating].filter(Boolean).join(' · ');
        return (
          <>
            <span className="font-semibold">{strategy.title}</span>
            <span className="text-ink-muted"> ({facts})</span>
            {strategy.description ? <span className="block whitespace-pre-wrap">{strategy.description}</span> : null}
          </>
        );
      })}
    />
  );
}

function Subheading({ level, children }: { level: HeadingLevel; children: string }) {
  return (
    <Heading level={level} className="mt-3 font-semibold text-brand-900">
      {children}
    </Heading>
  );
}

function About({ content, level }: { content: ContentOf<'about'>; level: HeadingLevel }) {
  const grade = content.grade ? gradeLabel(content.grade) : null;
  return (
    <div>
      <p>
        <span className="font-semibold">{content.name}</span>, {ageLabel(content.ageYears)}
        {grade ? `, ${grade}` : ''}
        {content.pronouns ? ` (${content.pronouns})` : ''}
      </p>
      {content.school ? <p>{content.school}</p> : null}
      {content.interests.length > 0 ? (
        <>
          <Subheading level={level}>What is important to me</Subheading>
          <Bullets items={content.interests} />
        </>
      ) : null}
      {content.proudOf.length > 0 ? (
        <>
          <Subheading level={level}>What I am proud of</Subheading>
          <Bullets items={content.proudOf} />
        </>
      ) : null}
      {content.diagnoses.length > 0 ? (
        <>
          <Subheading level={level}>Diagnoses</Subheading>
          <Bullets items={content.diagnoses} />
        </>
      ) : null}
    </div>
  );
}

/** A goal's latest value against where it started and where it is going. */
function goalStanding(goal: { latestValue: number | null; latestOn: string | null; unit: string | null }): string {
  if (goal.latestValue === null) return 'No progress entries yet.';
  const value = goal.unit ? `${formatAmount(goal.latestValue)} ${goal.unit}` : formatAmount(goal.latestValue);
  return goal.latestOn ? `Latest: ${value} on ${formatDate(goal.latestOn)}` : `Latest: ${value}`;
}

function Goals({ content, level }: { content: ContentOf<'goals'>; level: HeadingLevel }) {
  if (content.goals.length === 0) return <Nothing>No active goals.</Nothing>;
  return (
    <div className="space-y-4">
      {content.goals.map((goal) => (
        <div key={goal.id}>
          <Heading level={level} className="font-semibold text-brand-900">
            {goal.title}
          </Heading>
          <p className="text-sm text-ink-muted">{GOAL_AREA_LABELS[goal.area]}</p>
          {goal.latestValue !== null ? <p className="text-sm">{goalStanding(goal)}</p> : null}
          <ProgressChart points={goal.points} baseline={goal.baseline} target={goal.target} unit={goal.unit} title={goal.title} />
        </div>
      ))}
    </div>
  );
}

function SupportPlan({ content }: { content: ContentOf<'support-plan'> }) {
  const day = (value: string | null) => (value ? formatDate(value) : null);
  const empty = !content.plan && !content.school && !content.planReviewDate && !content.nextReviewDate && !content.lastEvaluationDate;
  if (empty) return <Nothing />;
  return (
    <dl className="m-0 space-y-1">
      <Fact label="Plan">{content.plan ? supportPlanLabel(content.plan) : null}</Fact>
      <Fact label="School">{content.school}</Fact>
      <Fact label="Plan review">{day(content.planReviewDate)}</Fact>
      <Fact label="Next yearly review">{day(content.nextReviewDate)}</Fact>
      <Fact label="Last evaluation">{day(content.lastEvaluationDate)}</Fact>
    </dl>
  );
}

function Medications({ content }: { content: ContentOf<'medications'> }) {
  return (
    <Bullets
      empty="No medications."
      items={content.items.map((medication) => (
        <>
          <span className="font-semibold">{medication.name}</span>
          {[medication.dose, medication.schedule].some(Boolean)
            ? `: ${[medication.dose, medication.schedule].filter(Boolean).join(', ')}`
            : ''}
          {medication.prescriber ? <span className="block text-ink-muted">Prescribed by {medication.prescriber}</span> : null}
        </>
      ))}
    />
  );
}

function People({ content }: { content: ContentOf<'people'> }) {
  return (
    <Bullets
      empty="No one listed."
      items={content.items.map((person) => (
        <>
          <span className="font-semibold">{person.name}</span> ({PERSON_ROLE_LABELS[person.role]})
          {person.phone ? (
            <a className="block text-brand-800 underline underline-offset-2" href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}>
              {person.phone}
            </a>
          ) : null}
          {person.email ? (
            <a className="block text-brand-800 underline underline-offset-2" href={`mailto:${person.email}`}>
              {person.email}
            </a>
          ) : null}
        </>
      ))}
    />
  );
}

/** "48h" -> "48 hours", "2w" -> "2 weeks". */
function windowText(window: string): string {
  const match = /^(\d+)([hw])$/.exec(window);
  if (!match) return window;
  return `${match[1]} ${match[2] === 'h' ? 'hours' : 'weeks'}`;
}

function RecentObservations({ content }: { content: ContentOf<'recent-observations'> }) {
  const span = windowText(content.window);
  if (content.count === 0) return <Nothing>No observations in the last {span}.</Nothing>;
  return (
    <div className="space-y-3">
      <p>
        {content.count === 1 ? '1 observation' : `${content.count} observations`} in the last {span}
        {content.count > content.items.length ? `; the latest ${content.items.length} below` : ''}.
      </p>
      {content.weeks.length > 0 ? (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Observations and average mood per week</caption>
          <thead>
            <tr className="border-b border-brand-300 text-left">
              <th scope="col" className="py-1 pr-2 font-semibold">
                Week of
              </th>
              <th scope="col" className="py-1 pr-2 font-semibold">
                Observations
              </th>
              <th scope="col" className="py-1 font-semibold">
                Average mood (1-5)
              </th>
            </tr>
          </thead>
          <tbody>
            {content.weeks.map((week) => (
              <tr key={week.weekStart} className="border-b border-brand-100">
                <td className="py-1 pr-2">{formatDate(week.weekStart)}</td>
                <td className="py-1 pr-2">{week.count}</td>
                <td className="py-1">{week.averageMood === null ? '-' : formatAmount(week.averageMood)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Bullets
        items={content.items.map((item) => (
          <>
            <span className="block text-sm text-ink-muted">
              {formatDateTime(item.occurredAt)}, {SETTING_LABELS[item.setting]}
              {item.mood === null ? '' : `, mood ${item.mood} of 5`}
              {item.isWin ? ', a win' : ''}
            </span>
            <span className="whitespace-pre-wrap">{item.what}</span>
          </>
        ))}
      />
    </div>
  );
}

/** A section's content as the record gives it; `level` is the rank of the headings inside it. */
export function SectionBody({ content, level }: { content: SectionContent; level: HeadingLevel }) {
  switch (content.key) {
    case 'about':
      return <About content={content} level={level} />;
    case 'strengths':
      return <Bullets items={content.items} empty="No strengths written yet." />;
    case 'what-helps':
      return <Strategies strategies={content.strategies} empty="No strategies in use yet." />;
    case 'challenges':
      return (
        <div>
          <Bullets items={content.items} empty="No challenges written yet." />
          {content.whatToDo.length > 0 ? (
            <>
              <Subheading level={level}>What to do then</Subheading>
              <Strategies strategies={content.whatToDo} empty="" />
            </>
          ) : null}
        </div>
      );
    case 'goals':
      return <Goals content={content} level={level} />;
    case 'support-plan':
      return <SupportPlan content={content} />;
    case 'medications':
      return <Medications content={content} />;
    case 'people':
      return <People content={content} />;
    case 'recent-observations':
      return <RecentObservations content={content} />;
  }
}
