import { useId, useRef, useState, type DragEvent } from 'react';
import { DOCUMENT_ACCEPT } from '#shared/schemas/document.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useOnline } from '../../hooks/use-online.ts';
import { formatBytes } from '#shared/bytes.ts';
import { ACCEPTED_TYPES_TEXT } from './document-files.ts';

export interface DropZoneProps {
  onFiles: (files: File[]) => void;
  /** The server's per-file limit, once known. */
  maxFileBytes: number | undefined;
}

/**
 * Where files come in: dropped on the zone, chosen with "Add documents" (several at once), or, on a
 * phone, taken with the camera. Offline, nothing can be sent, and the zone says so.
 */
export function DropZone({ onFiles, maxFileBytes }: DropZoneProps) {
  const online = useOnline();
  const hintId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (list: FileList | null) => {
    if (!online || !list || list.length === 0) return;
    onFiles([...list]);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  const limit = maxFileBytes ? ` Up to ${formatBytes(maxFileBytes)} each.` : '';
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = online ? 'copy' : 'none';
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'grid justify-items-start gap-3 rounded-2xl border-2 border-dashed p-5 transition-colors',
        dragging && online ? 'border-brand-800 bg-brand-50' : 'border-brand-800/40 bg-white',
      )}
    >
      <p className="font-semibold text-ink">Drop files here, or choose them.</p>
      <p id={hintId} className="text-sm text-ink-muted">
        {ACCEPTED_TYPES_TEXT}.{limit}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button disabled={!online} aria-describedby={hintId} onClick={() => picker.current?.click()}>
          Add documents
        </Button>
        {/* Phones and tablets only: on a desktop the camera input is just another file picker. */}
        <Button variant="outline" disabled={!online} className="hidden pointer-coarse:inline-flex" onClick={() => camera.current?.click()}>
          Take a photo
        </Button>
        {/* The inputs are out of sight and out of the tab order: the buttons above open them. */}
        <input
          ref={picker}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          hidden
          name="documents"
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
        />
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          name="photo"
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      <p role="status" className={online ? 'sr-only' : 'rounded-lg border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950'}>
        {online ? '' : "You're offline. Adding documents waits until you're back online; what is already in the vault stays here."}
      </p>
    </div>
  );
}
