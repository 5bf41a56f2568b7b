// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHILD_LIMITS } from '#shared/schemas/child.ts';
import { OBSERVATION_LIMITS } from '#shared/schemas/observation.ts';
import { STRATEGY_LIMITS } from '#shared/schemas/strategy.ts';
import { TextAreaField } from '../../../client/app/components/form-field.tsx';
import { ChipField } from '../../../client/app/features/children/chip-field.tsx';
import { QuickObservationForm } from '../../../client/app/features/observations/quick-observation-form.tsx';
import { StrategyForm } from '../../../client/app/features/progress-planner/strategy-form.tsx';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';

/** Text of `length` characters, with spaces so it looks like words. */
const textOf = (length: number) => 'abcd '.repeat(Math.ceil(length / 5)).slice(0, length - 1) + 'z';

/** The element ids an element's aria-describedby names, as their texts. */
function descriptionOf(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`);
}

/** The polite live region of the field labelled `label` (the one place its count is announced). */
function liveRegionNear(field: HTMLElement): HTMLElement {
  const region = field.closest('.grid')?.querySelector<HTMLElement>('[aria-live="polite"]');
  if (!region) throw new Error('no live region next to the field');
  return region;
}

beforeEach(() => {
  sessionStorage.clear();
  setSelectedChildId(1);
});
afterEach(() => cleanup());

describe('a pasted text over the limit', () => {
  it('is kept whole in "What happened", which says by how much it is over, and Save sends nothing', async () => {
    const user = userEvent.setup();
    const { calls, wrapper } = fakeTrpc();
    render(<QuickObservationForm />, { wrapper });
    const what = screen.getByLabelText('What happened') as HTMLTextAreaElement;

    await user.click(what);
    await user.paste(textOf(2300));

    expect(what.value).toHaveLength(2300);
    const message = '300 characters over the 2,000 limit: shorten it to save.';
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(what.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(what)).toEqual([message, '2,300 / 2,000 characters']);

    await user.click(screen.getByRole('button', { name: 'Save observation' }));
    expect(calls('observations.create')).toHaveLength(0);
    expect(document.activeElement).toBe(what);
    expect(descriptionOf(what)[0]).toBe(message);
    expect(what.value).toHaveLength(2300);

    // Shortened to the limit, the field is fine again and the note saves.
    await user.clear(what);
    await user.paste(textOf(OBSERVATION_LIMITS.what));
    expect(what.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(message)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save observation' }));
    expect(calls('observations.create')).toHaveLength(1);
  });

  it("is kept in a strategy's description, and Add strategy is refused with the field's message", async () => {
    const user = userEvent.setup();
    const { calls, wrapper } = fakeTrpc();
    render(<StrategyForm goals={[]} onDone={() => undefined} />, { wrapper });
    await user.type(screen.getByLabelText('Strategy'), 'Visual timer');
    const description = screen.getByLabelText(/^Description/) as HTMLTextAreaElement;
    await user.click(description);
    await user.paste(textOf(STRATEGY_LIMITS.description + 25));

    expect(description.value).toHaveLength(STRATEGY_LIMITS.description + 25);
    await user.click(screen.getByRole('button', { name: 'Add strategy' }));
    expect(calls('strategies.create')).toHaveLength(0);
    expect(document.activeElement).toBe(description);
    expect(descriptionOf(description)[0]).toBe('25 characters over the 4,000 limit: shorten it to save.');
  });

  it('in an onboarding list item stays in the field, which says so, instead of becoming a chip', async () => {
    const user = userEvent.setup();
    function Strengths() {
      const [value, setValue] = useState<string[]>([]);
      return <ChipField id="strengths" label="Strengths" itemName="strength" value={value} onChange={setValue} suggestions={[]} />;
    }
    render(<Strengths />);
    const input = screen.getByLabelText('Add another strength') as HTMLInputElement;
    await user.click(input);
    await user.paste(textOf(CHILD_LIMITS.listItemLength + 1));
    await user.keyboard('{Enter}');

    expect(input.value).toHaveLength(CHILD_LIMITS.listItemLength + 1);
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toEqual(['1 character over the 80 limit: shorten it to save.', '81 / 80 characters']);
  });
});

describe('the counter', () => {
  function Notes() {
    const [value, setValue] = useState('');
    return <TextAreaField id="notes" label="Notes" limit={2000} value={value} onChange={(event) => setValue(event.target.value)} />;
  }

  it('appears from 80% of the limit, and the live region speaks only when a threshold is crossed', async () => {
    const user = userEvent.setup();
    render(<Notes />);
    const notes = screen.getByLabelText('Notes');
    const live = liveRegionNear(notes);
    await user.click(notes);
    await user.paste(textOf(1598));
    expect(screen.queryByText(/\/ 2,000/)).toBeNull();
    expect(notes.getAttribute('aria-describedby')).toBeNull();
    expect(live.textContent).toBe('');

    await user.keyboard('ab');
    expect(screen.getByText(/^1,600 \/ 2,000/)).toBeTruthy();
    expect(descriptionOf(notes)).toEqual(['1,600 / 2,000 characters']);
    expect(live.textContent).toBe('1,600 of 2,000 characters used.');

    // More typing below the limit changes the counter, not what is announced.
    await user.keyboard('cdefghij');
    expect(screen.getByText(/^1,608 \/ 2,000/)).toBeTruthy();
    expect(live.textContent).toBe('1,600 of 2,000 characters used.');

    await user.paste(textOf(400));
    expect(live.textContent).toBe('8 characters over the 2,000 limit: shorten it to save.');
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{Backspace}'.repeat(8));
    expect(live.textContent).toBe('Within the limit again: 2,000 of 2,000 characters used.');
    expect(notes.getAttribute('aria-invalid')).toBeNull();
  });
});
