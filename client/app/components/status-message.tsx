import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** How long a new status region stays empty before its words come in. */
export const STATUS_FILL_DELAY_MS = 100;

/**
 * A status message that appears with the content around it (an answer in place of a form). Screen
 * readers read a status region's changes, not a region that arrives with its words already in it:
 * so the region comes first, and its words a moment later (hidden until then, in their place).
 */
export function StatusMessage({ children, className }: { children: ReactNode; className?: string }) {
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setFilled(true), STATUS_FILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status">
      <div aria-hidden={filled ? undefined : true} className={cn(className, !filled && 'invisible')}>
        {children}
      </div>
    </div>
  );
}
