import { yearlyOnOrAfter } from '#shared/calendar.ts';
import type { FeatureFlags } from '#shared/feature-flags.ts';
import type { Child } from '#shared/schemas/child.ts';
import { isActiveGoalStatus } from '#shared/schemas/goal.ts';
import type { Strategy } from '#shared/schemas/strategy.ts';
import {
  AUDIENCES_WITH_DIAGNOSES,
  RECENT_WINDOW_HOURS,
  SNAPSHOT_AUDIENCE_LABELS,
  SNAPSHOT_LIMITS,
  SNAPSHOT_SECTION_HEADINGS,
  type RecentWindow,
  type SectionContent,
  type SnapshotAudience,
  type SnapshotSection,
  type SnapshotSectionKey,
  type SnapshotView,
} from '#shared/schemas/snapshot.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import type { Db } from '../../db/database.ts';
import type { ChildrenService } from '../children/children.service.ts';
import type { GoalsService } from '../goals/goals.service.ts';
import type { MedicationsService } from '../medications/medications.service.ts';
import type { ObservationsService } from '../observations/observations.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import type { StrategiesService } from '../strategies/strategies.service.ts';

/** What a snapshot's content is built from: other features' services, read for the child (decision 0107). */
export interface SnapshotContentDeps {
  db: Db;
  featureFlags: FeatureFlags;
  children: Pick<ChildrenService, 'profile'>;
  goals: Pick<GoalsService, 'list' | 'recentPoints'>;
  strategies: Pick<StrategiesService, 'list'>;
  medications: Pick<MedicationsService, 'list'>;
  people: Pick<PeopleService, 'list'>;
  observations: Pick<ObservationsService, 'list' | 'recent'>;
}

/** The choices a view is built from: a saved snapshot, or one being edited. */
export interface SnapshotChoices {
  audience: SnapshotAudience;
  title: string | null;
  sections: readonly SnapshotSection[];
  recentWindow: RecentWindow;
  photoDocumentId: number | null;
}

/** What a snapshot is called where its title is not written: its audience's. */
export function snapshotTitle(snapshot: Pick<SnapshotChoices, 'title' | 'audience'>): string {
  return snapshot.title ?? `${SNAPSHOT_AUDIENCE_LABELS[snapshot.audience]} snapshot`;
}

const first = <T>(items: readonly T[]) => items.slice(0, SNAPSHOT_LIMITS.listItems);

/** Best rated first, unrated last; the record's order otherwise. */
function bestRated(strategies: readonly Strategy[]) {
  return [...strategies]
    .sort((a, b) => (b.effectiveness ?? 0) - (a.effectiveness ?? 0))
    .map(({ title, description, kind, whereUsed, effectiveness }) => ({ title, description, kind, whereUsed, effectiveness }));
}

/**
 * Builds what a snapshot shows from the record as it is now (decision 0107). Only the sections asked for
 * are read, each source once, so a view is a handful of queries whatever the record holds. The flags
 * decide the layout (FLAG_SNAPSHOT_DISPLAY_V2), whether parents, guardians and medications appear
 * (FLAG_SNAPSHOT_FIX_PARENTS_MEDS) and whether the page carries its print stylesheet (FLAG_PDF_PRINT_STYLES).
 */
export function createSnapshotContent(deps: SnapshotContentDeps) {
  const flags = deps.featureFlags;
  const parentsAndMeds = flags.FLAG_SNAPSHOT_FIX_PARENTS_MEDS;
  const layout = flags.FLAG_SNAPSHOT_DISPLAY_V2 ? ('profile' as const) : ('list' as const);

  /** Each source read at most once for one view, and only when a section needs it. */
  function sources(scope: ChildScope, snapshot: SnapshotChoices, now: Date) {
    const once = <T>(read: () => Promise<T>) => {
      let value: Promise<T> | undefined;
      return () => (value ??= read());
    };
    return {
      child: once(() => deps.children.profile(deps.db, scope)),
      strategies: once(async () => (await deps.strategies.list(scope)).filter((strategy) => strategy.active)),
      wins: once(() => deps.observations.list(scope, { winsOnly: true, limit: SNAPSHOT_LIMITS.proudOf })),
      recent: once(() =>
        deps.observations.recent(
          scope,
          new Date(now.getTime() - RECENT_WINDOW_HOURS[snapshot.recentWindow] * 3_600_000),
          SNAPSHOT_LIMITS.recentObservations,
        ),
      ),
    };
  }

  async function sectionContent(
    key: SnapshotSectionKey,
    scope: ChildScope,
    snapshot: SnapshotChoices,
    read: ReturnType<typeof sources>,
    now: Date,
  ): Promise<SectionContent> {
    switch (key) {
      case 'about': {
        const [child, wins] = await Promise.all([read.child(), read.wins()]);
        return {
          key,
          name: [child.firstName, child.lastName].filter(Boolean).join(' '),
          ageYears: child.ageYears,
          grade: child.grade,
          pronouns: child.pronouns,
          school: child.school,
          interests: first(child.interests),
          proudOf: wins.map((win) => win.what),
          diagnoses: AUDIENCES_WITH_DIAGNOSES.includes(snapshot.audience) ? first(child.diagnoses) : [],
        };
      }
      case 'strengths':
        return { key, items: first((await read.child()).strengths) };
      case 'what-helps':
        return { key, strategies: first(bestRated((await read.strategies()).filter((strategy) => strategy.kind !== 'intervention'))) };
      case 'challenges': {
        const [child, strategies] = await Promise.all([read.child(), read.strategies()]);
        return {
          key,
          items: first(child.challenges),
          whatToDo: first(bestRated(strategies.filter((strategy) => strategy.kind === 'intervention'))),
        };
      }
      case 'goals': {
        const goals = first((await deps.goals.list(scope)).filter((goal) => isActiveGoalStatus(goal.status)));
        const points = await deps.goals.recentPoints(
          scope,
          goals.map((goal) => goal.id),
          SNAPSHOT_LIMITS.chartPoints,
        );
        return {
          key,
          goals: goals.map((goal) => ({
            id: goal.id,
            title: goal.title,
            area: goal.area,
            baseline: goal.baseline,
            target: goal.target,
            unit: goal.unit,
            latestValue: goal.latestProgress?.value ?? null,
            latestOn: goal.latestProgress?.recordedOn ?? null,
            points: points.get(goal.id) ?? [],
          })),
        };
      }
      case 'support-plan': {
        const child: Child = await read.child();
        return {
          key,
          plan: child.supportPlan,
          school: child.school,
          planReviewDate: child.planReviewDate,
          nextReviewDate: child.planReviewDate && yearlyOnOrAfter(child.planReviewDate, todayIso(now)),
          lastEvaluationDate: child.lastEvaluationDate,
        };
      }
      case 'medications': {
        const medications = (await deps.medications.list(scope)).filter((medication) => medication.active);
        return { key, items: first(medications.map(({ name, dose, schedule, prescriber }) => ({ name, dose, schedule, prescriber }))) };
      }
      case 'people': {
        const people = (await deps.people.list(scope)).filter(
          (person) => parentsAndMeds || (person.role !== 'parent' && person.role !== 'guardian'),
        );
        return { key, items: first(people.map(({ name, role, phone, email }) => ({ name, role, phone, email }))) };
      }
      case 'recent-observations': {
        const recent = await read.recent();
        return { key, window: snapshot.recentWindow, ...recent, weeks: snapshot.recentWindow.endsWith('w') ? recent.weeks : [] };
      }
    }
  }

  /**
   * The snapshot as read: `view` has its visible sections only (what a link shows), `preview` every
   * section, hidden ones too, in the snapshot's order (what the parent's editor shows). The
   * medications section is in neither while FLAG_SNAPSHOT_FIX_PARENTS_MEDS is off.
   */
  async function build(scope: ChildScope, snapshot: SnapshotChoices, which: 'view' | 'preview', now: Date): Promise<SnapshotView> {
    const read = sources(scope, snapshot, now);
    const shown = snapshot.sections.filter(
      (section) => (which === 'preview' || section.visible) && (parentsAndMeds || section.key !== 'medications'),
    );
    const [child, contents] = await Promise.all([
      read.child(),
      Promise.all(shown.map((section) => sectionContent(section.key, scope, snapshot, read, now))),
    ]);
    return {
      title: snapshotTitle(snapshot),
      audience: snapshot.audience,
      firstName: child.firstName,
      layout,
      printStyles: flags.FLAG_PDF_PRINT_STYLES,
      hasPhoto: layout === 'profile' && snapshot.photoDocumentId !== null,
      builtAt: now.toISOString(),
      sections: shown.map((section, index) => ({
        key: section.key,
        heading: SNAPSHOT_SECTION_HEADINGS[section.key],
        text: section.text,
        content: contents[index] as SectionContent,
      })),
    };
  }

  return {
    view: (scope: ChildScope, snapshot: SnapshotChoices, now: Date) => build(scope, snapshot, 'view', now),
    preview: (scope: ChildScope, snapshot: SnapshotChoices, now: Date) => build(scope, snapshot, 'preview', now),
  };
}
