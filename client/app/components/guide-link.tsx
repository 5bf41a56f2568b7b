import { Link } from 'react-router-dom';
import { guideArticlePath, type GuideLink as GuideLinkTarget } from '#shared/guide.ts';
import { cn } from '../../lib/cn.ts';

/** A link from a screen to the guide article that helps with it (a milestone, an empty list). */
export function GuideLink({ link, className }: { link: GuideLinkTarget; className?: string }) {
  return (
    <Link
      to={guideArticlePath(link.slug)}
      className={cn('inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-brand-800 underline underline-offset-4', className)}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
        <path d="M3 4.5A1.5 1.5 0 0 1 4.5 3H9a2 2 0 0 1 1 .27A2 2 0 0 1 11 3h4.5A1.5 1.5 0 0 1 17 4.5v10a1.5 1.5 0 0 1-1.5 1.5H11a1 1 0 0 0-1 1 1 1 0 0 0-1-1H4.5A1.5 1.5 0 0 1 3 14.5v-10Zm6.25 10.1V5a.75.75 0 0 0-.75-.75h-4v10h4c.26 0 .51.05.75.14Zm1.5 0c.24-.09.49-.14.75-.14h4v-10h-4a.75.75 0 0 0-.75.75v9.39Z" />
      </svg>
      <span>
        <span className="sr-only">Guide: </span>
        {link.label}
      </span>
    </Link>
  );
}
