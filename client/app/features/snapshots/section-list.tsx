import { useId, useState } from 'react';
import { SNAPSHOT_LIMITS, SNAPSHOT_SECTION_HEADINGS, type SnapshotSection, type SnapshotSectionKey } from '#shared/schemas/snapshot.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../components/form-field.tsx';
import { useFeatureFlag } from '../../feature-flags.tsx';
import { moveAnnouncement, moveSection, withText, withVisible } from './snapshot-draft.ts';

/** Said beside medications and people while FLAG_SNAPSHOT_FIX_PARENTS_MEDS is off (decision 0107). */
const FLAG_OFF_NOTES: Partial<Record<SnapshotSectionKey, string>> = {
  medications: 'Medications are not shown in snapshots for now, even when this is checked.',
  people: 'Parents and guardians are left out of this list for now; the other people are shown.',
};

const moveButtonId = (base: string, key: SnapshotSectionKey, direction: 'up' | 'down') => `${base}-${key}-${direction}`;

/**
 * The snapshot's sections in order: each shown or hidden (a checkbox), moved up or down with buttons
 * (a polite announcement says where it went, and focus stays on the moved section's button), and
 * "Edit wording" for this snapshot only.
 */
export function SectionList({ sections, onChange }: { sections: readonly SnapshotSection[]; onChange: (next: SnapshotSection[]) => void }) {
  const base = useId().replaceAll(':', '');
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<readonly SnapshotSectionKey[]>([]);
  const fixed = useFeatureFlag('FLAG_SNAPSHOT_FIX_PARENTS_MEDS');

  const move = (index: number, by: -1 | 1) => {
    const section = sections[index];
    if (!section) return;
    const next = moveSection(sections, index, by);
    onChange(next);
    setAnnouncement(moveAnnouncement(next, section.key, by));
    // The moved section's button keeps focus; at an end, its other button (this one is then disabled).
    const to = index + by;
    const atEnd = to === 0 || to === next.length - 1;
    const direction = by < 0 ? 'up' : 'down';
    const other = by < 0 ? 'down' : 'up';
    requestAnimationFrame(() => document.getElementById(moveButtonId(base, section.key, atEnd ? other : direction))?.focus());
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-lg font-bold text-ink">Sections</legend>
      <p className="text-sm text-ink-muted">Check what this snapshot shows, and move each section where you want it on the page.</p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol className="grid gap-2">
        {sections.map((section, index) => {
          const heading = SNAPSHOT_SECTION_HEADINGS[section.key];
          const checkboxId = `${base}-${section.key}-shown`;
          const wordingOpen = editing.includes(section.key);
          const note = fixed ? undefined : FLAG_OFF_NOTES[section.key];
          return (
            <li key={section.key} className="grid gap-2 rounded-xl border border-ink/10 bg-white p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex min-w-0 items-start gap-3">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    checked={section.visible}
                    onChange={(event) => onChange(withVisible(sections, section.key, event.target.checked))}
                    className="mt-1 size-5 shrink-0"
                    aria-describedby={note ? `${checkboxId}-note` : undefined}
                  />
                  <label htmlFor={checkboxId} className="min-w-0 font-semibold break-words text-ink">
                    <span className="sr-only">Show </span>
                    {heading}
                    {section.text?.trim() ? <span className="ml-2 text-sm font-normal text-ink-muted">(your wording)</span> : null}
                  </label>
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button
                    id={moveButtonId(base, section.key, 'up')}
                    variant="ghost"
                    size="sm"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Move up<span className="sr-only"> ({heading})</span>
                  </Button>
                  <Button
                    id={moveButtonId(base, section.key, 'down')}
                    variant="ghost"
                    size="sm"
                    disabled={index === sections.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Move down<span className="sr-only"> ({heading})</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-expanded={wordingOpen}
                    aria-controls={`${base}-${section.key}-wording`}
                    onClick={() =>
                      setEditing((open) =>
                        open.includes(section.key) ? open.filter((key) => key !== section.key) : [...open, section.key],
                      )
                    }
                  >
                    Edit wording<span className="sr-only"> ({heading})</span>
                  </Button>
                </div>
              </div>
              {note ? (
                <p id={`${checkboxId}-note`} className="text-sm text-amber-950">
                  {note}
                </p>
              ) : null}
              <div id={`${base}-${section.key}-wording`} hidden={!wordingOpen}>
                {wordingOpen ? (
                  <TextAreaField
                    id={`${base}-${section.key}-text`}
                    label={`Your wording for “${heading}”`}
                    optional
                    hint="This changes only this snapshot, not the record. Leave it empty to use what the record says."
                    limit={SNAPSHOT_LIMITS.sectionText}
                    value={section.text ?? ''}
                    onChange={(event) => onChange(withText(sections, section.key, event.target.value))}
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
