import type { HTMLAttributes, ReactNode } from 'react';

/*
 * Small pieces the snapshot and the meeting pack share. This folder is read on the shared snapshot
 * page, which stays light: it imports shared/ for types only (the schemas would bring zod along).
 */

/** The class that carries the print stylesheet (client/styles.css): only the document prints. */
export const PRINT_DOCUMENT_CLASS = 'print-document';
/** A block the print stylesheet keeps on one page when it can. */
export const PRINT_KEEP_TOGETHER_CLASS = 'print-keep-together';

const amount = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** A measured value: "14", "2.5". */
export function formatAmount(value: number): string {
  return amount.format(value);
}

/** A heading's rank: the document's title is an h1 on a page of its own, an h2 inside the app's page. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** The rank below `level` (h6 stays h6). */
export function below(level: HeadingLevel): HeadingLevel {
  return Math.min(level + 1, 6) as HeadingLevel;
}

/** A heading of the rank given, so the document keeps the page's heading order wherever it is placed. */
export function Heading({ level, ...props }: { level: HeadingLevel } & HTMLAttributes<HTMLHeadingElement>) {
  const Tag = `h${level}` as const;
  return <Tag {...props} />;
}

/** A 1-5 rating as the parent gave it, or null when there is none. */
export function ratingText(effectiveness: number | null): string | null {
  return effectiveness === null ? null : `Rated ${effectiveness} of 5`;
}

/** The parent's own wording: paragraphs split on blank lines, line breaks kept. */
export function Paragraphs({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <div className="space-y-2">
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-wrap">
          {paragraph.trim()}
        </p>
      ))}
    </div>
  );
}

/** What an empty part of the record says. */
export function Nothing({ children = 'Nothing recorded yet.' }: { children?: ReactNode }) {
  return <p className="text-ink-muted">{children}</p>;
}

/** A plain bulleted list, or `empty` when there is nothing in it. */
export function Bullets({ items, empty }: { items: readonly ReactNode[]; empty?: ReactNode }) {
  if (items.length === 0) return <Nothing>{empty}</Nothing>;
  return (
    <ul className="list-disc space-y-1 pl-5">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** A label and its value on one line, skipped when the value is missing. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold">{label}:</dt>
      <dd className="m-0">{children}</dd>
    </div>
  );
}
