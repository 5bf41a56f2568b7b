import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ComponentProps, ReactNode } from 'react';
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

/** `<Tooltip content="Download"><button>...</button></Tooltip>`; needs a TooltipProvider above. */
export function Tooltip({ content, children, side = 'top', className }: TooltipProps) {
  return (
    <TooltipRoot>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side} className={className}>
        {content}
      </TooltipContent>
    </TooltipRoot>
  );
}
