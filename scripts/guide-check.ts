// `npm run guide:check`: each guide article's reading grade, length and sources, for writers. The unit
// tests (tests/unit/guide/guide-content.test.ts) hold the same limits; this shows the figures behind them.
//   npm run guide:check                 every article
//   npm run guide:check -- sleep homework   only these
import { GUIDE_LIMITS, loadGuide } from './guide-content.ts';
import { readingGrade } from './lib/reading-grade.ts';

const only = new Set(process.argv.slice(2));
const { articles } = loadGuide();
const { min, max } = GUIDE_LIMITS.minutes;
let problems = 0;
for (const article of articles) {
  if (only.size > 0 && !only.has(article.slug)) continue;
  const { grade, sentences } = readingGrade(article.text);
  const issues = [
    grade > GUIDE_LIMITS.maxReadingGrade
      ? `reading grade ${grade} (at most ${GUIDE_LIMITS.maxReadingGrade}: shorter sentences, shorter words)`
      : '',
    article.minutes < min || article.minutes > max ? `${article.minutes} min (${min} to ${max})` : '',
    GUIDE_LIMITS.closingSection.test(article.html) ? '' : 'no "## Checklist" or "## Next steps" section',
  ].filter(Boolean);
  problems += issues.length;
  console.log(
    `${issues.length ? 'FIX' : 'ok '} ${article.slug.padEnd(36)} grade ${String(grade).padStart(4)}  ${article.words} words  ${article.minutes} min  ${sentences} sentences  ${article.sources.length} sources${issues.length ? `\n      ${issues.join('\n      ')}` : ''}`,
  );
}
process.exitCode = problems > 0 ? 1 : 0;
