// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../../client/components/ui/button.tsx';
import { LOADING_TEXT, PageSpinner, Spinner } from '../../../client/components/ui/spinner.tsx';
import {
  TOAST_DURATION,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD,
  ToastProvider,
  useToast,
} from '../../../client/components/ui/toast.tsx';
import { Tooltip, TOOLTIP_DELAY_DURATION, TOOLTIP_SKIP_DELAY_DURATION, TooltipProvider } from '../../../client/components/ui/tooltip.tsx';
import { CLASS_MERGE_CACHE_SIZE, cn } from '../../../client/lib/cn.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('spinner', () => {
  it('announces "Loading..." and shows it when asked', () => {
    render(<PageSpinner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(LOADING_TEXT);
    expect(LOADING_TEXT).toBe('Loading...');
    expect(screen.getByText('Loading...').className).not.toContain('sr-only');
  });

  it.each(['small', 'medium', 'large'] as const)('comes in the %s size', (size) => {
    render(<Spinner size={size} label="Loading children" />);
    const status = screen.getByRole('status');
    expect(status.dataset.size).toBe(size);
    expect(screen.getByText('Loading children').className).toContain('sr-only');
  });

  it('draws the three sizes differently', () => {
    render(
      <>
        <Spinner size="small" />
        <Spinner size="medium" />
        <Spinner size="large" />
      </>,
    );
    const rings = screen.getAllByRole('status').map((status) => status.querySelector('[aria-hidden="true"]')?.className);
    expect(new Set(rings).size).toBe(3);
  });
});

describe('button', () => {
  it('is busy and cannot be pressed while loading, and keeps focus', async () => {
    const onClick = vi.fn<() => void>();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    // aria-disabled, not disabled: a focused button that became disabled would drop focus to the page.
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.setup().click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });

  it('lets a caller’s class win over the variant’s', () => {
    render(<Button className="bg-red-700">Delete</Button>);
    const classes = screen.getByRole('button').className.split(' ');
    expect(classes).toContain('bg-red-700');
    expect(classes).not.toContain('bg-brand-800');
  });
});

describe('cn', () => {
  it('joins conditional classes and keeps the last of conflicting ones', () => {
    const hidden = Number('0') > 0;
    expect(cn('px-2 py-1', hidden && 'hidden', ['text-sm', { 'font-bold': true }], 'px-4')).toBe('py-1 text-sm font-bold px-4');
    expect(CLASS_MERGE_CACHE_SIZE).toBe(500);
  });
});

function Trigger() {
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'First saved' })}>
        first
      </button>
      <button type="button" onClick={() => toast({ title: 'Second saved', description: 'All done', variant: 'success' })}>
        second
      </button>
    </>
  );
}

describe('toast', () => {
  it('uses the SPEC §9 numbers', () => {
    expect([TOAST_LIMIT, TOAST_REMOVE_DELAY, TOAST_DURATION, TOAST_SWIPE_THRESHOLD, TOAST_SWIPE_DIRECTION, TOAST_HOTKEY]).toEqual([
      1,
      1_000_000,
      5000,
      50,
      'right',
      ['F8'],
    ]);
    expect([TOOLTIP_DELAY_DURATION, TOOLTIP_SKIP_DELAY_DURATION]).toEqual([700, 300]);
  });

  it('shows one toast at a time: a new one replaces the old', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(screen.getAllByText('First saved').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(screen.getAllByText('Second saved').length).toBeGreaterThan(0);
    expect(screen.getByText('All done')).toBeTruthy();
    expect(screen.queryAllByText('First saved')).toHaveLength(0);
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeTruthy();
  });

  it('closes by itself after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(screen.getAllByText('First saved').length).toBeGreaterThan(0);
    await act(async () => {
      vi.advanceTimersByTime(TOAST_DURATION + 100);
    });
    expect(screen.queryAllByText('First saved')).toHaveLength(0);
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger />)).toThrow(/ToastProvider/);
  });
});

describe('tooltip', () => {
  function renderHelp() {
    render(
      <TooltipProvider>
        <Tooltip content="Counted from Monday">
          <button type="button" aria-label="How this week is counted">
            ?
          </button>
        </Tooltip>
        <button type="button">elsewhere</button>
      </TooltipProvider>,
    );
    return screen.getByRole('button', { name: 'How this week is counted' });
  }

  /** A finger's tap: pointer down and up with pointerType "touch", then the click. */
  function tap(element: HTMLElement) {
    fireEvent.pointerDown(element, { pointerType: 'touch' });
    fireEvent.pointerUp(element, { pointerType: 'touch' });
    fireEvent.click(element);
  }

  it('opens for a resting mouse only after the SPEC’s 700 ms', async () => {
    vi.useFakeTimers();
    const trigger = renderHelp();
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    await act(async () => {
      vi.advanceTimersByTime(TOOLTIP_DELAY_DURATION - 100);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(screen.getByRole('tooltip').textContent).toBe('Counted from Monday');
  });

  it('opens on a tap and closes on a second tap (a phone has no hover)', async () => {
    const trigger = renderHelp();
    await act(async () => tap(trigger));
    expect(screen.getByRole('tooltip').textContent).toBe('Counted from Monday');
    await act(async () => tap(trigger));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('closes when the parent taps elsewhere', async () => {
    const trigger = renderHelp();
    await act(async () => tap(trigger));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await act(async () => {
      fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }), { pointerType: 'touch' });
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('a mouse click still closes it, as before', async () => {
    const trigger = renderHelp();
    await act(async () => {
      fireEvent.focus(trigger);
    });
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await act(async () => {
      fireEvent.pointerDown(trigger, { pointerType: 'mouse' });
      fireEvent.click(trigger);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
