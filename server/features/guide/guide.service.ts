import { ageInYears } from '#shared/age.ts';
import { addDays } from '#shared/calendar.ts';
import type { GuideSuggestion, Letter } from '#shared/schemas/guide.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type { Db } from '../../db/database.ts';
import { authorsFor } from '../../core/authors.ts';
import type { ChildNowReader } from '../../core/child-now.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { renderPdf } from '../../core/pdf.ts';
import { AppError } from '../../lib/errors.ts';
import { MILESTONE_LOOKAHEAD_DAYS, suggestArticles } from './suggestion-rules.ts';

/**
 * The guide's server side: "for you" suggestions read from the child's record on each call
 * (decision 0065), and letters made into PDFs on request, never stored (decision 0066).
 */
export function createGuideService(deps: { db: Db; childNow: ChildNowReader; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async suggestions(scope: ChildScope): Promise<GuideSuggestion[]> {
      const at = now();
      const today = todayIso(at);
      const {
        profile: child,
        milestonesDue,
        activeGoals,
        progressEntryCounts,
      } = await deps.childNow.read(scope.childId, {
        profile: true,
        milestonesDue: { from: today, to: addDays(today, MILESTONE_LOOKAHEAD_DAYS) },
        activeGoals: true,
        progressEntryCounts: true,
      });
      if (!child) throw AppError.notFound('Child');
      const author = (await authorsFor(db, scope, [child.writtenBy]))(child.writtenBy);
      return suggestArticles({
        today,
        child: {
          firstName: child.firstName,
          ageYears: ageInYears(child.dateOfBirth, at),
          grade: child.grade,
          supportPlan: child.supportPlan,
          challenges: child.challenges,
          diagnoses: child.diagnoses,
          notedBy: author && !author.isYou ? author.name : null,
        },
        milestones: milestonesDue,
        goals: activeGoals.map((goal) => ({
          id: goal.id,
          title: goal.title,
          createdOn: goal.createdOn,
          progressEntries: progressEntryCounts[goal.id] ?? 0,
          lastEntryOn: goal.latestOn,
        })),
      });
    },

    /** The letter as a PDF, set as its preview is: the paragraphs in order, the title as the document's (decision 0076). */
    letter(letter: Letter): Promise<Buffer> {
      return renderPdf({ title: letter.title, paragraphs: letter.paragraphs });
    },
  };
}

export type GuideService = ReturnType<typeof createGuideService>;
