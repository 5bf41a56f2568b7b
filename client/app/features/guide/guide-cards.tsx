import { Link } from 'react-router-dom';
import { GUIDE_THEME_LABELS, guideArticlePath, guideTemplatePath, type GuideArticleSummary, type GuideTemplate } from '#shared/guide.ts';
import { cn } from '../../../lib/cn.ts';
import { PATHS } from '../../../lib/paths.ts';

/* The guide's cards: an article (title, summary, reading time) and a letter template, each in a grid list; the way back. */

export function minutesLabel(minutes: number): string {
  return `${minutes} min read`;
}

function GuideCard(props: { to: string; title: string; summary: string; meta: string; letter?: boolean }) {
  return (
    <article
      className={cn(
        'grid h-full content-start gap-2 rounded-2xl border bg-white p-5',
        props.letter ? 'border-dashed border-brand-800/40' : 'border-ink/10 shadow-sm',
      )}
    >
      <h3 className="text-lg leading-snug font-bold text-ink">
        <Link to={props.to} className="text-brand-800 underline-offset-4 hover:underline">
          {props.title}
        </Link>
      </h3>
      <p className="text-ink">{props.summary}</p>
      <p className="text-sm text-ink-muted">{props.meta}</p>
    </article>
  );
}

function ArticleCard({ article, showTheme }: { article: GuideArticleSummary; showTheme: boolean }) {
  const minutes = minutesLabel(article.minutes);
  return (
    <GuideCard
      to={guideArticlePath(article.slug)}
      title={article.title}
      summary={article.summary}
      meta={showTheme ? `${GUIDE_THEME_LABELS[article.theme]} \u00b7 ${minutes}` : minutes}
    />
  );
}

function TemplateCard({ template }: { template: GuideTemplate }) {
  return (
    <GuideCard
      to={guideTemplatePath(template.id)}
      title={template.title}
      summary={template.summary}
      meta="Filled in from your child’s record; download as a PDF"
      letter
    />
  );
}

/** The letters to fill in, as cards in a grid (`className`: the grid). */
export function TemplateList({ templates, className }: { templates: readonly GuideTemplate[]; className: string }) {
  return (
    <ul className={className}>
      {templates.map((template) => (
        <li key={template.id}>
          <TemplateCard template={template} />
        </li>
      ))}
    </ul>
  );
}

/** Articles as cards in a grid (`className`: the grid), with their theme when `showTheme`. */
export function ArticleList({
  articles,
  className,
  showTheme = false,
}: {
  articles: readonly GuideArticleSummary[];
  className: string;
  showTheme?: boolean;
}) {
  return (
    <ul className={className}>
      {articles.map((article) => (
        <li key={article.slug}>
          <ArticleCard article={article} showTheme={showTheme} />
        </li>
      ))}
    </ul>
  );
}

export function BackToGuide({ className }: { className?: string }) {
  return (
    <Link to={PATHS.guide} className={cn('w-fit font-semibold text-brand-800 underline underline-offset-4', className)}>
      Back to the guide
    </Link>
  );
}
