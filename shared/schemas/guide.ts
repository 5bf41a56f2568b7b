import { z } from 'zod';
import { GUIDE_ARTICLES, type GuideArticleSlug } from '../guide.ts';
import { text } from './common.ts';
import { defineChildActions } from './roles.ts';

const ARTICLE_SLUGS = Object.values(GUIDE_ARTICLES) as [GuideArticleSlug, ...GuideArticleSlug[]];

/** An article of the guide suggested from the child's record (decision 0065): computed on each read, never stored. */
export const guideSuggestionSchema = z.object({
  key: z.string().meta({
    description:
      'Stable while its reason lasts (`milestone:12`, `goal:3`, `plan:unsure`): a screen can key on it, or remember it was dismissed',
  }),
  title: z.string().meta({ description: 'What to read, in the words of the moment: "Annual review in 3 weeks: prepare for the meeting"' }),
  reason: z.string().meta({ description: 'One sentence saying what in the child\u2019s record brought it up' }),
  slug: z.enum(ARTICLE_SLUGS).meta({ description: 'The article that helps: `/guide/{slug}` in the app' }),
  action: z.object({ label: z.string(), path: z.string() }).optional().meta({
    description:
      'Something to do in the app besides reading, when there is one: its words and its path ("Prepare the meeting pack", `/snapshots/meeting-pack`)',
  }),
});

/** At most four, the most pressing first, one per article. */
export const guideSuggestionListSchema = z.array(guideSuggestionSchema);

export type GuideSuggestion = z.infer<typeof guideSuggestionSchema>;

/** Every limit of a letter made into a PDF (decision 0066). */
export const LETTER_LIMITS = { title: 120, paragraphs: 60, paragraph: 4000, total: 20_000 } as const;

/**
 * A filled-in letter (a request for an evaluation, for an IEP meeting, a parent concerns statement),
 * as the parent finished it: a title and its paragraphs in order. A blank paragraph is a blank line
 * between parts of the letter; a line break inside one keeps its lines together (an address).
 */
export const letterSchema = z
  .strictObject({
    title: text().trim().min(1, 'Give the letter a title').max(LETTER_LIMITS.title, `At most ${LETTER_LIMITS.title} characters`),
    paragraphs: z
      .array(text().max(LETTER_LIMITS.paragraph, `Each paragraph is at most ${LETTER_LIMITS.paragraph} characters`))
      .min(1, 'Write at least one paragraph')
      .max(LETTER_LIMITS.paragraphs, `At most ${LETTER_LIMITS.paragraphs} paragraphs`),
  })
  .superRefine((letter, context) => {
    const total = letter.paragraphs.reduce((sum, paragraph) => sum + paragraph.length, 0);
    if (total > LETTER_LIMITS.total) {
      context.addIssue({
        code: 'custom',
        path: ['paragraphs'],
        message: `The letter is ${total} characters long; at most ${LETTER_LIMITS.total} fit`,
      });
    }
  })
  .meta({
    description: `The paragraphs together hold at most ${LETTER_LIMITS.total} characters.`,
  });

export type Letter = z.output<typeof letterSchema>;

/** The guide: what a person does and the least role it needs (decision 0094). */
export const guideActions = defineChildActions('guide', {
  listSuggestions: 'viewer',
});
