import type { PdfBlock, PdfChart, PdfContent } from '../../core/pdf.ts';
import {
  DOCUMENT_CATEGORY_LABELS,
  GOAL_AREA_LABELS,
  PERSON_ROLE_LABELS,
  RECIPIENT_ROLE_LABELS,
  SETTING_LABELS,
  SUPPORT_PLAN_LABELS,
  gradeLabel,
} from '#shared/record-labels.ts';
import { answerText } from '#shared/form-answers.ts';
import {
  RECENT_WINDOW_HOURS,
  SNAPSHOT_AUDIENCE_LABELS,
  type MeetingAnswer,
  type MeetingPack,
  type SectionContent,
  type SnapshotPaper,
  type SnapshotView,
  type ViewSection,
} from '#shared/schemas/snapshot.ts';

/*
 * What the snapshot and the IEP meeting pack print (decision 0108): the view's visible sections, in the
 * view's order, turned into blocks for renderPdf (server/core/pdf.ts). The profile layout puts the
 * photo and the name across the top and the sections in two columns, the person-centred ones with a
 * rule down their side; the list layout is one column of plain headed sections and no photo. Nothing
 * is made smaller to fit: a section that runs out of room goes on under "<heading> (continued)".
 */

export interface SnapshotPhoto {
  bytes: Uint8Array;
  mediaType: 'image/jpeg' | 'image/png';
}

/** The profile's person-centred sections (the one-page profile's boxes). */
const PERSON_CENTRED = new Set<ViewSection['key']>(['about', 'strengths', 'what-helps']);
const PHOTO_BOX = 64;
const MEETING_CHART_HEIGHT = 96;

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** "Mar 4, 2026" for a day (YYYY-MM-DD) or the day of a moment. */
const day = (value: string) => DAY.format(new Date(`${value.slice(0, 10)}T00:00:00Z`));
/** "Mar 4, 3:05 PM" for a moment, in UTC (the server knows no one's time zone). */
const moment = (value: string) => MOMENT.format(new Date(value));

const rated = (effectiveness: number | null) => (effectiveness === null ? 'not rated' : `rated ${effectiveness} of 5`);
const measured = (value: number, unit: string | null) => (unit ? `${value} ${unit}` : String(value));
const joined = (parts: readonly (string | null | false | undefined)[], separator = ' · ') => parts.filter(Boolean).join(separator);

const ANSWER_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** "Ms Lee (teacher), Nov 3: Started work without a prompt: 4 times". */
const teamAnswer = (answer: MeetingAnswer) =>
  `${answer.name} (${RECIPIENT_ROLE_LABELS[answer.role].toLowerCase()}), ${ANSWER_DAY.format(new Date(answer.answeredAt))}: ${answer.prompt}: ${answerText(answer)}`;

type ChartedGoal = Pick<MeetingPack['goals'][number], 'title' | 'points' | 'baseline' | 'target' | 'unit'>;

/** A goal's progress chart: its entries against its baseline and target. */
function goalChart(goal: ChartedGoal, look: Pick<PdfChart, 'legend' | 'plotHeight'>): PdfChart {
  return { type: 'chart', label: goal.title, points: goal.points, baseline: goal.baseline, target: goal.target, unit: goal.unit, ...look };
}

/** A section's record content as blocks (under the section's heading). */
function contentBlocks(content: SectionContent): PdfBlock[] {
  switch (content.key) {
    case 'about': {
      const blocks: PdfBlock[] = [
        {
          type: 'paragraph',
          text: joined([
            content.name,
            `${content.ageYears} years old`,
            content.grade && gradeLabel(content.grade),
            content.pronouns,
            content.school,
          ]),
        },
      ];
      if (content.interests.length) blocks.push({ type: 'paragraph', text: `What is important to me: ${content.interests.join(', ')}` });
      if (content.proudOf.length) {
        blocks.push({ type: 'paragraph', text: 'What I am proud of', label: true }, { type: 'list', items: content.proudOf });
      }
      if (content.diagnoses.length) blocks.push({ type: 'paragraph', text: `Diagnoses: ${content.diagnoses.join(', ')}` });
      return blocks;
    }
    case 'strengths':
      return content.items.length ? [{ type: 'list', items: content.items }] : [{ type: 'paragraph', text: 'None written yet.' }];
    case 'what-helps':
      return content.strategies.length
        ? [
            {
              type: 'list',
              items: content.strategies.map(
                (strategy) =>
                  `${strategy.title} (${rated(strategy.effectiveness)})${strategy.description ? `: ${strategy.description}` : ''}`,
              ),
            },
          ]
        : [{ type: 'paragraph', text: 'No strategies in use yet.' }];
    case 'challenges': {
      const blocks: PdfBlock[] = content.items.length ? [{ type: 'list', items: content.items }] : [];
      if (content.whatToDo.length) {
        blocks.push(
          { type: 'paragraph', text: 'What to do then', label: true },
          {
            type: 'list',
            items: content.whatToDo.map(
              (strategy) =>
                `${strategy.title} (${rated(strategy.effectiveness)})${strategy.description ? `: ${strategy.description}` : ''}`,
            ),
          },
        );
      }
      return blocks.length ? blocks : [{ type: 'paragraph', text: 'None written yet.' }];
    }
    case 'goals':
      if (!content.goals.length) return [{ type: 'paragraph', text: 'No active goals.' }];
      return content.goals.flatMap((goal): PdfBlock[] => [
        { type: 'paragraph', text: goal.title, label: true },
        {
          type: 'paragraph',
          // Says which dashed line is which, so the small chart needs no legend of its own.
          text: joined([
            goal.latestValue !== null && goal.latestOn
              ? `Latest ${measured(goal.latestValue, goal.unit)} on ${day(goal.latestOn)}`
              : 'No progress entries yet',
            goal.baseline !== null && `baseline ${measured(goal.baseline, goal.unit)}${goal.points.length ? ' (grey dashes)' : ''}`,
            goal.target !== null && `target ${measured(goal.target, goal.unit)}${goal.points.length ? ' (green dashes)' : ''}`,
          ]),
          keepWithNext: goal.points.length > 0,
        },
        // Small, and without a legend: the line above says which dashed line is which.
        ...(goal.points.length ? [goalChart(goal, { legend: false })] : []),
      ]);
    case 'support-plan':
      return [
        {
          type: 'paragraph',
          text: [
            joined([content.plan ? SUPPORT_PLAN_LABELS[content.plan] : 'No plan recorded', content.school]),
            joined([
              content.planReviewDate && `Plan reviewed ${day(content.planReviewDate)}`,
              content.nextReviewDate && `next yearly review ${day(content.nextReviewDate)}`,
            ]),
            content.lastEvaluationDate ? `Last evaluation ${day(content.lastEvaluationDate)}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
        },
      ];
    case 'medications':
      return content.items.length
        ? [
            {
              type: 'table',
              header: ['Medication', 'Dose', 'When'],
              widths: [1.2, 0.8, 1.2],
              rows: content.items.map((item) => [
                joined([item.name, item.prescriber && `(${item.prescriber})`], ' '),
                item.dose ?? '',
                item.schedule ?? '',
              ]),
            },
          ]
        : [{ type: 'paragraph', text: 'No medications.' }];
    case 'people':
      return content.items.length
        ? [
            {
              type: 'list',
              items: content.items.map((person) =>
                joined([`${person.name} (${PERSON_ROLE_LABELS[person.role]})`, person.phone, person.email]),
              ),
            },
          ]
        : [{ type: 'paragraph', text: 'No one listed yet.' }];
    case 'recent-observations': {
      const blocks: PdfBlock[] = [
        {
          type: 'paragraph',
          text:
            content.count === 0
              ? 'No observations in this period.'
              : `${content.count} observation${content.count === 1 ? '' : 's'} in this period${content.count > content.items.length ? `; the latest ${content.items.length}` : ''}.`,
        },
      ];
      if (content.weeks.length) {
        blocks.push({
          type: 'table',
          header: ['Week of', 'Observations', 'Average mood'],
          rows: content.weeks.map((week) => [
            day(week.weekStart),
            String(week.count),
            week.averageMood === null ? '-' : `${week.averageMood.toFixed(1)} of 5`,
          ]),
        });
      }
      if (content.items.length) {
        // Within hours the time matters; over weeks, the day.
        const when = RECENT_WINDOW_HOURS[content.window] <= 72 ? moment : day;
        blocks.push({
          type: 'list',
          items: content.items.map((item) =>
            joined([
              when(item.occurredAt),
              SETTING_LABELS[item.setting],
              item.mood !== null && `mood ${item.mood}/5`,
              item.isWin && 'win',
              item.what,
            ]),
          ),
        });
      }
      return blocks;
    }
  }
}

/** A section as printed: the parent's wording when written, else what the record says. */
function sectionBlock(section: ViewSection, accent: boolean): PdfBlock {
  return {
    type: 'section',
    heading: section.heading,
    blocks: section.text !== null ? [{ type: 'paragraph', text: section.text }] : contentBlocks(section.content),
    keepTogether: true,
    accent,
  };
}

/** The snapshot's PDF content: the view's visible sections in its order, laid out as its `layout` says. */
export function snapshotPdfContent(view: SnapshotView, opts: { paper: SnapshotPaper; photo: SnapshotPhoto | null }): PdfContent {
  const profile = view.layout === 'profile';
  const sections = view.sections.map((section) => sectionBlock(section, profile && PERSON_CENTRED.has(section.key)));
  const subtitle = joined([view.title, `For: ${SNAPSHOT_AUDIENCE_LABELS[view.audience]}`, `Made ${day(view.builtAt)}`]);
  const header: PdfBlock = {
    type: 'header',
    title: view.firstName,
    lines: [subtitle],
    image:
      profile && opts.photo
        ? {
            type: 'image',
            // A copy of just these bytes: the view may be a slice of a larger buffer.
            bytes: new Uint8Array(opts.photo.bytes),
            alt: `Photo of ${view.firstName}`,
            width: PHOTO_BOX,
            height: PHOTO_BOX,
          }
        : null,
  };
  return {
    title: `${view.firstName}: ${view.title}`,
    paper: opts.paper,
    columns: profile ? 2 : 1,
    blocks: [header, ...sections],
  };
}

/** The IEP meeting pack's PDF: each goal with its chart, observations and strategies, the documents, the questions to bring. */
export function meetingPackPdfContent(pack: MeetingPack, opts: { paper: SnapshotPaper }): PdfContent {
  const period = `${day(pack.from)} to ${day(pack.to)}`;
  const goals = pack.goals.map((goal): PdfBlock => ({
    type: 'section',
    heading: goal.title,
    blocks: [
      {
        type: 'paragraph',
        text: joined([
          GOAL_AREA_LABELS[goal.area],
          goal.baseline !== null && `baseline ${measured(goal.baseline, goal.unit)}`,
          goal.target !== null && `target ${measured(goal.target, goal.unit)}`,
          `${goal.points.length} progress entr${goal.points.length === 1 ? 'y' : 'ies'} in the period`,
        ]),
        // The heading, this line and the chart start a column together.
        keepWithNext: true,
      },
      goalChart(goal, { plotHeight: MEETING_CHART_HEIGHT }),
      ...(goal.strategies.length
        ? ([
            { type: 'paragraph', text: 'Strategies', label: true },
            {
              type: 'list',
              items: goal.strategies.map(
                (strategy) => `${strategy.title} (${joined([rated(strategy.effectiveness), !strategy.active && 'no longer used'], ', ')})`,
              ),
            },
          ] as const)
        : []),
      { type: 'paragraph', text: `Observations (${goal.observations.length})`, label: true },
      goal.observations.length
        ? { type: 'list', items: goal.observations.map((observation) => `${moment(observation.occurredAt)}: ${observation.what}`) }
        : { type: 'paragraph', text: 'No observations about this goal in the period.' },
      // Beside the parent's observations: what teachers and therapists answered, with who and when (none asked: left out).
      ...(goal.answers.length
        ? ([
            { type: 'paragraph', text: `What the team said (${goal.answers.length})`, label: true },
            { type: 'list', items: goal.answers.map(teamAnswer) },
          ] as const)
        : []),
    ],
  }));
  const documents: PdfBlock = {
    type: 'section',
    heading: 'Documents added',
    blocks: pack.documents.length
      ? [
          {
            type: 'table',
            header: ['Document', 'Kind', 'Added'],
            widths: [2.4, 1, 1],
            rows: pack.documents.map((document) => [document.title, DOCUMENT_CATEGORY_LABELS[document.category], day(document.addedOn)]),
          },
        ]
      : [{ type: 'paragraph', text: 'No documents added in the period.' }],
  };
  const questions: PdfBlock = {
    type: 'section',
    heading: 'Questions to bring',
    blocks: pack.questions.length
      ? [{ type: 'list', items: pack.questions.map((question) => question.text) }]
      : [{ type: 'paragraph', text: 'No questions: every goal has recent data and progress.' }],
    keepTogether: true,
  };
  return {
    title: `${pack.firstName}: IEP meeting pack, ${period}`,
    paper: opts.paper,
    columns: 1,
    blocks: [
      {
        type: 'header',
        title: `${pack.firstName}: IEP meeting pack`,
        lines: [joined([period, pack.plan && SUPPORT_PLAN_LABELS[pack.plan]])],
      },
      ...(pack.goals.length ? goals : [{ type: 'paragraph', text: 'No goals in this period.' } as const]),
      documents,
      questions,
    ],
  };
}
