import { Link } from 'react-router-dom';
import { GUIDE_THEME_LABELS, guideArticlePath, guideTemplatePath, type GuideArticleSummary, type GuideTemplate } from '#shared/guide.ts';

/* The guide's cards: an article (title, summary, reading time) and a letter template. */

export function minutesLabel(minutes: number): string {
  return `${minutes} min read`;
}

export function ArticleCard({
  article,
  headingLevel = 3,
  showTheme = false,
}: {
  article: GuideArticleSummary;
  headingLevel?: 2 | 3 | 4;
  showTheme?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="grid h-full content-start gap-2 rounded-2xl border border-ink/10 bg-white p-5 shadow-sm">
      <Heading className="text-lg leading-snug font-bold text-ink">
        <Link to={guideArticlePath(article.slug)} className="text-brand-800 underline-offset-4 hover:underline">
          {article.title}
        </Link>
      </Heading>
      <p className="text-ink">{article.summary}</p>
      <p className="text-sm text-ink-muted">
        {showTheme ? `${GUIDE_THEME_LABELS[article.theme]} \u00b7 ` : null}
        {minutesLabel(article.minutes)}
      </p>
    </article>
  );
}

export function TemplateCard({ template, headingLevel = 3 }: { template: GuideTemplate; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="grid h-full content-start gap-2 rounded-2xl border border-dashed border-brand-800/40 bg-white p-5">
      <Heading className="text-lg leading-snug font-bold text-ink">
        <Link to={guideTemplatePath(template.id)} className="text-brand-800 underline-offset-4 hover:underline">
          {template.title}
        </Link>
      </Heading>
      <p className="text-ink">{template.summary}</p>
      <p className="text-sm text-ink-muted">Filled in from your child&apos;s record; download as a PDF</p>
    </article>
  );
}
