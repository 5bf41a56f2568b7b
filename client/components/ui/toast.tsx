import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** SPEC §9: only one toast is visible at a time. */
export const TOAST_LIMIT = 1;
/** SPEC §9: a dismissed toast is removed from memory after this long (ms). */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** SPEC §9: a toast closes by itself after this long (ms). */
export const TOAST_DURATION = 5000;
/** SPEC §9: swiping a toast this far (px)... */
export const TOAST_SWIPE_THRESHOLD = 50;
/** ...in this direction dismisses it. */
export const TOAST_SWIPE_DIRECTION = 'right' as const;
/** SPEC §9: this key moves focus to the toasts. */
export const TOAST_HOTKEY = ['F8'];

export const TOAST_VARIANTS = ['default', 'success', 'destructive'] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Overrides TOAST_DURATION for this toast (ms). */
  duration?: number;
}

interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

export interface ToastApi {
  toast: (options: ToastOptions) => ToastHandle;
  /** Closes one toast, or all of them when no id is given. */
  dismiss: (id?: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-brand-300 bg-white text-ink',
  success: 'border-brand-700 bg-brand-50 text-ink',
  destructive: 'border-red-700 bg-red-50 text-red-900',
};

let counter = 0;
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}

/**
 * Holds the toasts and renders them in a Radix viewport (SPEC §9 numbers). Wrap the part of the UI
 * that calls `useToast()` in it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const removalTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const scheduleRemoval = useCallback((id: string) => {
    const timers = removalTimers.current;
    if (timers.has(id)) return;
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        setToasts((current) => current.filter((item) => item.id !== id));
      }, TOAST_REMOVE_DELAY),
    );
  }, []);

  const dismiss = useCallback(
    (id?: string) => {
      setToasts((current) =>
        current.map((item) => {
          if (id !== undefined && item.id !== id) return item;
          scheduleRemoval(item.id);
          return { ...item, open: false };
        }),
      );
    },
    [scheduleRemoval],
  );

  const toast = useCallback(
    (options: ToastOptions): ToastHandle => {
      const id = nextId();
      setToasts((current) => [{ ...options, id, open: true }, ...current].slice(0, TOAST_LIMIT));
      return { id, dismiss: () => dismiss(id) };
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider
        duration={TOAST_DURATION}
        swipeDirection={TOAST_SWIPE_DIRECTION}
        swipeThreshold={TOAST_SWIPE_THRESHOLD}
        label="Notification"
      >
        {children}
        {toasts.map((item) => (
          <RadixToast.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismiss(item.id);
            }}
            duration={item.duration}
            type={item.variant === 'destructive' ? 'foreground' : 'background'}
            data-variant={item.variant ?? 'default'}
            className={cn(
              'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border-2 p-4 pr-10 shadow-lg',
              // Sliding and fading only for those who have not asked for reduced motion (an animate-none
              // for the others would lose to these data-[state] classes, which are more specific).
              'motion-safe:data-[state=open]:animate-toast-in motion-safe:data-[state=closed]:animate-toast-out',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
              'motion-safe:data-[swipe=end]:animate-toast-swipe-out',
              variantClasses[item.variant ?? 'default'],
            )}
          >
            <div className="grid gap-1">
              <RadixToast.Title className="font-semibold">{item.title}</RadixToast.Title>
              {item.description ? <RadixToast.Description className="text-sm">{item.description}</RadixToast.Description> : null}
            </div>
            <RadixToast.Close
              aria-label="Close"
              className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md hover:bg-black/5 focus-visible:outline-3 focus-visible:outline-brand-800"
            >
              <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 4l8 8M12 4l-8 8" />
              </svg>
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        {/* SPEC §9: at most 420 px wide on medium screens and up; the whole width on a phone. */}
        <RadixToast.Viewport
          hotkey={TOAST_HOTKEY}
          className="fixed right-0 bottom-0 z-100 m-0 flex max-h-screen w-full list-none flex-col-reverse gap-2 p-4 outline-none md:max-w-[420px]"
        />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title: 'Saved' })`. Must be used inside a ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a ToastProvider');
  return api;
}
