import { Link } from 'react-router-dom';
import { GUIDE_THEME_LABELS, guideArticlePath, guideTemplatePath, type GuideArticleSummary, type GuideTemplate } from '#shared/guide.ts';
import { cn } from '../../../lib/cn.ts';

/* The guide's cards: an article (title, summary, reading time) and a letter template. */

export function minutesLabel(minutes: number): string {
  return `${minutes} min read`;
}

type HeadingLevel = 2 | 3 | 4;

function GuideCard(props: { to: string; title: string; summary: string; meta: string; headingLevel: HeadingLevel; letter?: boolean }) {
  const Heading = `h${props.headingLevel}` as const;
  return (
    <article
      className={cn(
        'grid h-full content-start gap-2 rounded-2xl border bg-white p-5',
        props.letter ? 'border-dashed border-brand-800/40' : 'border-ink/10 shadow-sm',
      )}
    >
      <Heading className="text-lg leading-snug font-bold text-ink">
        <Link to={props.to} className="text-brand-800 underline-offset-4 hover:underline">
          {props.title}
        </Link>
      </Heading>
      <p className="text-ink">{props.summary}</p>
      <p className="text-sm text-ink-muted">{props.meta}</p>
    </article>
  );
}

export function ArticleCard({
  article,
  headingLevel = 3,
  showTheme = false,
}: {
  article: GuideArticleSummary;
  headingLevel?: HeadingLevel;
  showTheme?: boolean;
}) {
  const minutes = minutesLabel(article.minutes);
  return (
    <GuideCard
      to={guideArticlePath(article.slug)}
      title={article.title}
      summary={article.summary}
      meta={showTheme ? `${GUIDE_THEME_LABELS[article.theme]} \u00b7 ${minutes}` : minutes}
      headingLevel={headingLevel}
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
      headingLevel={3}
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
