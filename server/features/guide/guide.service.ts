import { ageInYears } from '#shared/age.ts';
import { addDays } from '#shared/calendar.ts';
import type { GuideSuggestion, Letter } from '#shared/schemas/guide.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type { Db } from '../../db/database.ts';
import { authorsFor } from '../../core/authors.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { renderPdf } from '../../core/pdf.ts';
import { AppError } from '../../lib/errors.ts';
import * as guide from './guide.repository.ts';
import { MILESTONE_LOOKAHEAD_DAYS, suggestArticles } from './suggestion-rules.ts';

/**
 * The guide's server side: "for you" suggestions read from the child's record on each call
 * (decision 0065), and letters made into PDFs on request, never stored (decision 0066).
 */
export function createGuideService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async suggestions(scope: ChildScope): Promise<GuideSuggestion[]> {
      const at = now();
      const today = todayIso(at);
      const child = await guide.findChildProfile(db, scope.childId);
      if (!child) throw AppError.notFound('Child');
      const milestones = await guide.listOpenMilestones(db, scope.childId, today, addDays(today, MILESTONE_LOOKAHEAD_DAYS));
      const goals = await guide.listActiveGoalsWithProgress(db, scope.childId);
      const authorId = await guide.profileAuthorId(db, scope.childId);
      const author = (await authorsFor(db, scope, [authorId]))(authorId);
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
        milestones,
        goals,
      });
    },

    /** The letter as a PDF, set as its preview is: the paragraphs in order, the title as the document's (decision 0076). */
    letter(letter: Letter): Promise<Buffer> {
      return renderPdf({ title: letter.title, paragraphs: letter.paragraphs });
    },
  };
}

export type GuideService = ReturnType<typeof createGuideService>;
