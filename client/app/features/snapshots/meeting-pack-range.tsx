import { TextField } from '../../components/form-field.tsx';
import { rangeProblem, type MeetingPackRange } from './use-meeting-pack.ts';

export interface MeetingPackRangeProps {
  /** The days the parent chose; a day left out shows the server's (`shown`). */
  range: MeetingPackRange;
  /** The period of the pack on screen, from the server; null before the first answer. */
  shown: { from: string; to: string } | null;
  onChange(range: MeetingPackRange): void;
}

/**
 * From and to, starting at the server's period (since the last plan review, or a year, to today). A
 * cleared day goes back to the server's default; a first day after the last one is said under "To".
 */
export function MeetingPackRangeFields({ range, shown, onChange }: MeetingPackRangeProps) {
  const problem = rangeProblem(range);
  return (
    <fieldset className="grid min-w-0 gap-3 sm:grid-cols-2 sm:items-start">
      <legend className="mb-2 text-sm font-semibold text-ink">Period</legend>
      <TextField
        id="meeting-pack-from"
        label="From"
        type="date"
        value={range.from ?? shown?.from ?? ''}
        hint="Starts at the last plan review, or a year ago."
        onChange={(event) => onChange({ ...range, from: event.target.value || undefined })}
      />
      <TextField
        id="meeting-pack-to"
        label="To"
        type="date"
        value={range.to ?? shown?.to ?? ''}
        error={problem ?? undefined}
        hint="Today, unless you choose another day."
        onChange={(event) => onChange({ ...range, to: event.target.value || undefined })}
      />
    </fieldset>
  );
}
