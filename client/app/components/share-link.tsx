import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { FormAlert, TextField } from './form-field.tsx';
import { OfflineNotice, SubmitButton } from './saving-offline.tsx';

/*
 * What the share dialogs (a snapshot's link, a smart form's link) show alike: how many days the link
 * lasts, the new link, shown once, with Copy and Done, and in the list of open links when one was made and ends.
 */

/** The link's days, a whole number between the feature's limits. */
export function LinkDaysField({
  id,
  label,
  min,
  max,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  min: number;
  max: number;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="max-w-48">
      <TextField
        id={id}
        label={label}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        hint={`From ${min} to ${max} days.`}
        error={error}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * The new link, once: `message` (focused when shown: what it is and until when), `notes` under it, the
 * address to copy (selected when the browser will not copy it), and Done.
 */
export function CreatedLinkPanel({
  link,
  label,
  message,
  notes,
  onDone,
}: {
  link: string;
  label: string;
  message: ReactNode;
  notes?: ReactNode;
  onDone: () => void;
}) {
  const id = useId().replaceAll(':', '');
  const focused = useRef<HTMLParagraphElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => focused.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  }

  return (
    <div className="grid min-w-0 gap-3">
      <p ref={focused} tabIndex={-1} className="font-semibold text-ink">
        {message}
      </p>
      {notes}
      <label htmlFor={`${id}-link`} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        ref={input}
        id={`${id}-link`}
        readOnly
        value={link}
        onFocus={(event) => event.target.select()}
        className="block w-full min-w-0 rounded-lg border border-ink/25 bg-white px-3 py-2.5 font-mono text-sm text-ink"
      />
      <p aria-live="polite" className="text-sm text-ink">
        {copied ? 'Link copied.' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copy()}>{copied ? 'Link copied' : 'Copy link'}</Button>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** An open link's "Made:" and "Ends:" rows, in the list's <dl>. */
export function LinkDateRows({ link }: { link: { createdAt: string; expiresAt: string } }) {
  return (
    <>
      <div>
        <dt className="inline font-semibold">Made: </dt>
        <dd className="inline">{formatDateTime(link.createdAt)}</dd>
      </div>
      <div>
        <dt className="inline font-semibold">Ends: </dt>
        <dd className="inline">{formatDateTime(link.expiresAt)}</dd>
      </div>
    </>
  );
}

/** An open link's opens: "Opened 3 times, last Mar 10, 2026, 4:05 PM", "Opened once", "Not opened yet". */
export function linkOpensText(link: { opens: number; lastOpenedAt: string | null }): string {
  if (link.opens === 0) return 'Not opened yet';
  const times = link.opens === 1 ? 'once' : `${link.opens} times`;
  return link.lastOpenedAt ? `Opened ${times}, last ${formatDateTime(link.lastOpenedAt)}` : `Opened ${times}`;
}

/** The share form's end: why making the link failed, the offline notice, Make the link and Cancel. */
export function MakeLinkButtons({ failed, pending, onCancel }: { failed: string | null; pending: boolean; onCancel: () => void }) {
  return (
    <>
      <FormAlert>{failed}</FormAlert>
      <OfflineNotice pending={pending} what="link" />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending}>Make the link</SubmitButton>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
