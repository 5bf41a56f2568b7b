import type { KeyboardEvent } from 'react';
import { OBSERVATION_LIMITS } from '#shared/schemas/observation.ts';
import { TextField } from '../../components/form-field.tsx';
import { addTags, splitTags, type ObservationDraft } from './observation-draft.ts';

/** A tag longer than the limit stays in the field (which says so) instead of becoming a chip. */
const tooLong = (text: string) => splitTags(text).some((tag) => tag.length > OBSERVATION_LIMITS.tagLength);

export interface TagsInputProps {
  id: string;
  tags: string[];
  text: string;
  error: string | undefined;
  onChange: (patch: Partial<Pick<ObservationDraft, 'tags' | 'tagText'>>) => void;
}

/** Tags as chips: type one and press Enter or a comma; Backspace in the empty field removes the last. */
export function TagsInput({ id, tags, text, error, onChange }: TagsInputProps) {
  const full = tags.length >= OBSERVATION_LIMITS.tags;
  const commit = () => {
    if (text.trim() === '' || tooLong(text)) return;
    onChange({ tags: addTags(tags, text), tagText: '' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange({ tags: tags.slice(0, -1) });
    }
  };
  return (
    <div className="grid gap-2">
      <TextField
        id={id}
        label="Tags"
        optional
        hint={
          full ? `That is the most tags one note can have (${OBSERVATION_LIMITS.tags}).` : 'Press Enter or type a comma after each tag.'
        }
        error={error}
        value={text}
        limit={OBSERVATION_LIMITS.tagLength}
        disabled={full}
        autoComplete="off"
        onChange={(event) => {
          const value = event.target.value;
          const cut = value.lastIndexOf(',');
          if (cut !== -1 && !tooLong(value.slice(0, cut))) {
            onChange({ tags: addTags(tags, value.slice(0, cut)), tagText: value.slice(cut + 1) });
          } else {
            onChange({ tagText: value });
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      {tags.length > 0 ? (
        <ul aria-label="Tags added" className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pr-1 pl-3 text-sm text-ink">
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange({ tags: tags.filter((item) => item !== tag) })}
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-200 sm:size-7 focus-visible:outline-3 focus-visible:outline-brand-800"
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M4 4l8 8M12 4l-8 8" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
