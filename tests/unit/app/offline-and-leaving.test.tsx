// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Observation } from '#shared/schemas/observation.ts';
import { QuickObservationForm } from '../../../client/app/features/observations/quick-observation-form.tsx';
import { useOnline } from '../../../client/app/hooks/use-online.ts';
import { useHasChanged, useUnsavedChangesWarning } from '../../../client/app/hooks/use-unsaved-changes-warning.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, type FakeOp } from '../../helpers/fake-trpc.tsx';

let online = true;

/** The browser losing or finding its connection: navigator.onLine and the event react-query also hears. */
function goOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

/** The quick form's offline notice (toasts have their own status region). */
const notice = () => within(screen.getByRole('form', { name: 'Log an observation' })).getByRole('status');

/** True when leaving the page now would make the browser ask first. */
function leavingIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  sessionStorage.clear();
  setSelectedChildId(1);
});
afterEach(() => {
  if (!online) goOnline(true);
  cleanup();
  vi.restoreAllMocks();
});

describe('useOnline', () => {
  it('follows navigator.onLine through the offline and online events', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    goOnline(false);
    expect(result.current).toBe(false);
    goOnline(true);
    expect(result.current).toBe(true);
  });
});

describe('useUnsavedChangesWarning', () => {
  it('makes the browser ask before leaving only while there is something unsaved', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useUnsavedChangesWarning(dirty), { initialProps: { dirty: false } });
    expect(leavingIsQuestioned()).toBe(false);
    rerender({ dirty: true });
    expect(leavingIsQuestioned()).toBe(true);
    rerender({ dirty: false });
    expect(leavingIsQuestioned()).toBe(false);
    rerender({ dirty: true });
    unmount();
    expect(leavingIsQuestioned()).toBe(false);
  });

  it('useHasChanged compares the values with those the form opened with', () => {
    const { result, rerender } = renderHook(({ values }) => useHasChanged(values), { initialProps: { values: { title: '' } } });
    expect(result.current).toBe(false);
    rerender({ values: { title: 'Visual timer' } });
    expect(result.current).toBe(true);
    rerender({ values: { title: '' } });
    expect(result.current).toBe(false);
  });
});

describe('QuickObservationForm offline', () => {
  function saved(op: FakeOp): Observation {
    const data = (op.input as { data: { what: string; occurredAt?: string } }).data;
    const now = new Date().toISOString();
    return {
      id: 41,
      childId: 1,
      what: data.what,
      occurredAt: data.occurredAt ?? now,
      setting: 'home',
      antecedent: null,
      behaviour: null,
      consequence: null,
      mood: null,
      tags: [],
      isWin: false,
      goalId: null,
      source: null,
      addedBy: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  it('keeps the note, says it will be saved, saves it once when the connection is back, then empties', async () => {
    const user = userEvent.setup();
    const { calls, wrapper } = fakeTrpc((op) => (op.path === 'observations.create' ? saved(op) : []));
    render(<QuickObservationForm />, { wrapper });
    const what = screen.getByLabelText('What happened') as HTMLTextAreaElement;
    await user.type(what, 'Tied his shoes alone');
    expect(leavingIsQuestioned()).toBe(true);

    goOnline(false);
    expect(notice().textContent).toBe("You're offline. Your note stays here; saving it waits until you're back online.");
    await user.click(screen.getByRole('button', { name: 'Save observation' }));

    expect(notice().textContent).toBe("You're offline. Your note is kept here and will be saved when you're back online.");
    const save = screen.getByRole('button', { name: 'Save observation' });
    expect(save.getAttribute('aria-busy')).toBeNull();
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(what.value).toBe('Tied his shoes alone');
    // happy-dom does not pass a fieldset's disabled on to its fields; a browser does.
    expect(what.closest('fieldset')?.disabled).toBe(true);
    expect(calls('observations.create')).toHaveLength(0);
    expect(leavingIsQuestioned()).toBe(true);

    goOnline(true);
    expect(await screen.findByText('Observation saved')).toBeTruthy();
    await waitFor(() => expect(what.value).toBe(''));
    expect(calls('observations.create')).toHaveLength(1);
    const [op] = calls('observations.create');
    const sent = (op?.input as { data: { what: string; occurredAt?: string } } | undefined)?.data;
    expect(sent?.what).toBe('Tied his shoes alone');

    // Saved later, the note keeps the time it was written (to the minute), not the time it reached the server.
    const written = Date.parse(sent?.occurredAt ?? '');
    expect(Date.now() - written).toBeGreaterThanOrEqual(0);
    expect(Date.now() - written).toBeLessThan(2 * 60_000);
    expect(notice().textContent).toBe('');
    expect(what.closest('fieldset')?.disabled).toBe(false);
    expect(leavingIsQuestioned()).toBe(false);
  });
});
