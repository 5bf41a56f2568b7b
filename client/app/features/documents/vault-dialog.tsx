import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface VaultDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider for a preview. */
  wide?: boolean;
}

/**
 * A modal <dialog>: the browser keeps focus inside it and closes it on Escape; the element that
 * opened it gets focus back when it closes. Shown as soon as it mounts (mount it to open it).
 */
export function VaultDialog({ title, onClose, children, wide = false }: VaultDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closed = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close?.();
      // Back where the parent was, if that element is still in the page.
      if (opener?.isConnected) requestAnimationFrame(() => opener.focus());
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={cn(
        'm-auto max-h-[92vh] w-[calc(100vw-1.5rem)] overflow-auto rounded-2xl bg-white p-0 text-ink shadow-xl backdrop:bg-ink/50',
        wide ? 'max-w-5xl' : 'max-w-2xl',
      )}
    >
      <div className="grid gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="min-w-0 text-xl font-bold break-words text-ink">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-ink/5 focus-visible:outline-3 focus-visible:outline-brand-800"
          >
            <span className="sr-only">Close</span>
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 4l8 8M12 4l-8 8" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
