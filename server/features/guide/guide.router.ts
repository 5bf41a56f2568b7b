import { guideActions, guideSuggestionListSchema } from '#shared/schemas/guide.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const guideRouter = router({
  /** "For you": articles suggested from the child's record, the most pressing first (decision 0065). */
  suggestions: childProcedure(guideActions.listSuggestions)
    .output(guideSuggestionListSchema)
    .query(({ ctx }) => ctx.services.guide.suggestions(ctx.scope)),
});
