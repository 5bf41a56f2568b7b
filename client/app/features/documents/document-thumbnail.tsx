import { useEffect, useRef, useState } from 'react';
import type { DocumentRecord } from '#shared/schemas/document.ts';
import { useSelectedChildId } from '../../child-context.tsx';
import { useFileUrl } from './document-blob.ts';
import { MEDIA_TYPE_SHORT } from './document-labels.ts';
import { documentsUrl } from './upload-request.ts';

/** True once `element` has come near the viewport (at once where IntersectionObserver is missing). */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

function FileIcon({ label }: { label: string }) {
  return (
    <span className="flex size-full flex-col items-center justify-center gap-1 text-brand-900">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5" />
      </svg>
      <span className="text-xs font-semibold">{label}</span>
    </span>
  );
}

export type ThumbnailDocument = Pick<DocumentRecord, 'id' | 'mediaType' | 'hasThumbnail' | 'processing' | 'updatedAt'>;

/**
 * The small picture of an image or a PDF's first page, fetched (with the token) once the row comes
 * near the screen; the file type's icon until then, and for files that have none.
 */
export function DocumentThumbnail({ document }: { document: ThumbnailDocument }) {
  const childId = useSelectedChildId();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const wanted = near && document.hasThumbnail && childId !== null;
  const thumbnail = useFileUrl(wanted ? documentsUrl(childId, document.id, 'thumbnail') : null, document.updatedAt, { keep: true });
  const label = document.processing === 'pending' ? 'Preparing' : MEDIA_TYPE_SHORT[document.mediaType];
  return (
    <div ref={ref} className="size-20 shrink-0 overflow-hidden rounded-lg border border-ink/10 bg-brand-50 sm:size-24">
      {/* Decorative: the title beside it says what the document is. */}
      {thumbnail.url ? <img src={thumbnail.url} alt="" className="size-full object-cover" /> : <FileIcon label={label} />}
    </div>
  );
}
