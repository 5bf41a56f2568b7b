import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** SPEC §9: a tooltip opens after the pointer rests this long (ms)... */
export const TOOLTIP_DELAY_DURATION = 700;
/** ...and opens at once if another tooltip closed less than this long ago (ms). */
export const TOOLTIP_SKIP_DELAY_DURATION = 300;

/** Put once near the root; every tooltip inside shares the SPEC's delays. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_DURATION} skipDelayDuration={TOOLTIP_SKIP_DELAY_DURATION}>
      {children}
    </RadixTooltip.Provider>
  );
}

export const TooltipRoot = RadixTooltip.Root;
export const TooltipTrigger = RadixTooltip.Trigger;

export function TooltipContent({ className, sideOffset = 6, children, ...rest }: ComponentProps<typeof RadixTooltip.Content>) {
  return (
    <RadixTooltip.Portal>
      <RadixTooltip.Content
        sideOffset={sideOffset}
        className={cn('z-50 max-w-xs rounded-md bg-ink px-3 py-1.5 text-sm text-white shadow-md', className)}
        {...rest}
      >
        {children}
        <RadixTooltip.Arrow className="fill-ink" />
      </RadixTooltip.Content>
    </RadixTooltip.Portal>
  );
}

export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /** The element it describes; must accept a ref and focus (a button or link). */
  children: ReactNode;
  side?: ComponentProps<typeof RadixTooltip.Content>['side'];
  className?: string;
}

/** A finger or a pen: no hover to open a tooltip with, so a tap toggles it. */
function isTouchLike(pointerType: string | undefined): boolean {
  return pointerType === 'touch' || pointerType === 'pen';
}

/**
 * `<Tooltip content="Download"><button>...</button></Tooltip>`; needs a TooltipProvider above.
 * A mouse opens it by resting (SPEC §9 delays) and keyboard focus at once, as Radix does; a tap
 * opens it and a second tap, a tap elsewhere or Escape closes it (Radix ignores touch by design).
 */
export function Tooltip({ content, children, side = 'top', className }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const tap = useRef<{ touch: boolean; wasOpen: boolean }>({ touch: false, wasOpen: false });
  return (
    <TooltipRoot open={open} onOpenChange={setOpen}>
      <TooltipTrigger
        asChild
        onPointerDown={(event) => {
          tap.current = { touch: isTouchLike(event.pointerType), wasOpen: open };
        }}
        onClick={(event) => {
          // A tapped link still follows its link; a button shows what it is about.
          if (!tap.current.touch || event.currentTarget instanceof HTMLAnchorElement) return;
          // Instead of Radix closing it on click: the tap toggles what was there before it.
          event.preventDefault();
          setOpen(!tap.current.wasOpen);
          tap.current = { touch: false, wasOpen: false };
        }}
      >
        {children}
      </TooltipTrigger>
      <TooltipContent side={side} className={className}>
        {content}
      </TooltipContent>
    </TooltipRoot>
  );
}
