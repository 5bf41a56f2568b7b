import { useId } from 'react';
import type { SnapshotSection, SnapshotSectionKey, SnapshotView, ViewSection } from '#shared/schemas/snapshot.ts';
import { formatMomentDate } from '../../lib/dates.ts';
import { below, Heading, type HeadingLevel, Paragraphs, PRINT_DOCUMENT_CLASS, PRINT_KEEP_TOGETHER_CLASS } from './document-parts.tsx';
import { SectionBody } from './section-content.tsx';

/*
 * A snapshot as its reader sees it (issue 27, decision 0107), in the app's preview and on the shared
 * page alike. layout 'profile' (FLAG_SNAPSHOT_DISPLAY_V2 on) is the one-page person-centred profile:
 * the photo and the title, the three person-centred sections as boxes, then the record's facts in two
 * columns on a wide screen. 'list' is one column of headed sections in order, no photo. With
 * view.printStyles (FLAG_PDF_PRINT_STYLES) the document carries the print stylesheet's class.
 */

/** The one-page profile's boxes (person-centred planning), shown first in their own row. */
const PROFILE_BOXES: readonly SnapshotSectionKey[] = ['about', 'strengths', 'what-helps'];

/**
 * A preview (every section, hidden ones too) as a reader would see it with these choices: the visible
 * sections in the order chosen, each with the parent's wording.
 */
export function viewWithChoices(preview: SnapshotView, choices: readonly SnapshotSection[]): SnapshotView {
  const sections = choices.flatMap((choice) => {
    const section = preview.sections.find((candidate) => candidate.key === choice.key);
    return choice.visible && section ? [{ ...section, text: choice.text }] : [];
  });
  return { ...preview, sections };
}

function Section({ section, boxed, idPrefix, level }: { section: ViewSection; boxed: boolean; idPrefix: string; level: HeadingLevel }) {
  const headingId = `${idPrefix}-${section.key}`;
  return (
    <section
      aria-labelledby={headingId}
      data-section={section.key}
      className={`${PRINT_KEEP_TOGETHER_CLASS} min-w-0 ${boxed ? 'rounded-xl border border-brand-300 bg-brand-50 p-4' : ''}`}
    >
      <Heading level={level} id={headingId} className="mb-2 text-lg leading-snug font-bold text-brand-900">
        {section.heading}
      </Heading>
      {section.text !== null ? <Paragraphs text={section.text} /> : <SectionBody content={section.content} level={below(level)} />}
    </section>
  );
}

export interface SnapshotDocumentProps {
  view: SnapshotView;
  /** The photo as a URL the page may show (a blob URL); null or left out: none, or its place kept while view.hasPhoto. */
  photoUrl?: string | null;
  /** The title's rank: 1 on a page of its own (the shared page), 2 inside a page that has its own h1. Sections are one below. */
  headingLevel?: 1 | 2;
}

export function SnapshotDocument({ view, photoUrl = null, headingLevel = 1 }: SnapshotDocumentProps) {
  const idPrefix = useId();
  const profile = view.layout === 'profile';
  const boxes = profile ? view.sections.filter((section) => PROFILE_BOXES.includes(section.key)) : [];
  const rest = profile ? view.sections.filter((section) => !PROFILE_BOXES.includes(section.key)) : view.sections;
  const photo = profile && photoUrl ? photoUrl : null;

  return (
    <article
      aria-labelledby={`${idPrefix}-title`}
      data-layout={view.layout}
      className={`mx-auto w-full max-w-4xl min-w-0 text-ink ${view.printStyles ? PRINT_DOCUMENT_CLASS : ''}`}
    >
      <header className="flex flex-wrap items-center gap-4 border-b-2 border-brand pb-4">
        {photo ? (
          <img src={photo} alt={view.firstName} className="size-24 shrink-0 rounded-full object-cover sm:size-28" />
        ) : profile && view.hasPhoto ? (
          // The photo's place while it loads, so the title does not move when it arrives.
          <div aria-hidden="true" className="size-24 shrink-0 rounded-full bg-brand-100 sm:size-28" />
        ) : null}
        <div className="min-w-0 flex-1">
          <Heading level={headingLevel} id={`${idPrefix}-title`} className="text-2xl leading-tight font-bold text-brand-900 sm:text-3xl">
            {view.title}
          </Heading>
          <p className="mt-1 text-sm text-ink-muted">
            From {view.firstName}&rsquo;s record on {formatMomentDate(view.builtAt)}
          </p>
        </div>
      </header>
      {view.sections.length === 0 ? <p className="mt-6 text-ink-muted">This snapshot shows no sections.</p> : null}
      {boxes.length > 0 ? (
        <div className="print-one-column mt-6 grid gap-4 lg:grid-cols-3">
          {boxes.map((section) => (
            <Section key={section.key} section={section} boxed idPrefix={idPrefix} level={below(headingLevel)} />
          ))}
        </div>
      ) : null}
      {rest.length > 0 ? (
        <div className={profile ? 'print-one-column mt-6 grid gap-x-8 gap-y-6 md:grid-cols-2' : 'mt-6 space-y-6'}>
          {rest.map((section) => (
            <Section key={section.key} section={section} boxed={false} idPrefix={idPrefix} level={below(headingLevel)} />
          ))}
        </div>
      ) : null}
    </article>
  );
}
