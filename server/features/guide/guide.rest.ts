import { create as contentDisposition } from 'content-disposition';
import { guideActions, guideSuggestionSchema, LETTER_LIMITS, letterSchema } from '#shared/schemas/guide.ts';
import { safeSegment } from '../../core/file-names.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';

const bodies = named({
  GuideSuggestion: guideSuggestionSchema,
  Letter: letterSchema,
});
const tag = {
  name: 'Guide',
  description: 'The guide: articles suggested from the child\u2019s record, and letters made into PDFs to print or email',
};

/** The guide over REST (issue 13): suggestions from the child's record (decision 0065) and letters as PDFs (decision 0066). */
export function guideOperations(services: Services): RestOperation[] {
  const { guide } = services;
  return [
    operation({
      operationId: 'listGuideSuggestions',
      method: 'get',
      path: '/api/guide/suggestions',
      tag,
      summary: 'Guide articles suggested for the child, the most pressing first',
      description:
        'Read from the child\u2019s record on each call, nothing stored: a review, evaluation, progress report or transition milestone coming up soon, a goal with no progress noted, the support plan, age and grade, challenges and diagnoses. At most four, one per article; `key` stays the same while its reason lasts, and `slug` names the article (`/guide/{slug}` in the app).',
      security: 'bearer',
      child: guideActions.listSuggestions,
      success: [{ status: 200, description: 'One to four suggestions', body: bodies.GuideSuggestion, list: true }],
      handle: ({ scope }) => guide.suggestions(scope),
    }),
    operation({
      operationId: 'createLetterPdf',
      method: 'post',
      path: '/api/letters',
      tag,
      summary: 'Make a filled-in letter into a PDF to print or email',
      description: `Send the letter as the parent finished it (a request for an evaluation, for an IEP meeting, a parent concerns statement): its title and its paragraphs in order, a blank paragraph for a blank line. The answer is a tagged PDF (US Letter) to save; nothing is kept on the server. At most ${LETTER_LIMITS.paragraphs} paragraphs of ${LETTER_LIMITS.paragraph} characters, ${LETTER_LIMITS.total} characters in all.`,
      security: 'bearer',
      child: false,
      body: bodies.Letter,
      success: [{ status: 200, description: 'The letter as a PDF, an attachment named after its title', file: ['application/pdf'] }],
      handle: async ({ res, body }) => {
        // Laid out on the PDF worker: the event loop serves other requests meanwhile.
        const pdf = await guide.letter(body);
        res.status(200);
        res.setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', contentDisposition(safeSegment(`${body.title}.pdf`, 'letter.pdf'), { type: 'attachment' }));
        res.setHeader('Cache-Control', 'private, no-store, no-transform');
        res.setHeader('Content-Length', String(pdf.byteLength));
        res.end(pdf);
      },
    }),
  ];
}
