import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

export interface LoadFailedProps {
  /** What could not be loaded, as a sentence: "We could not load the documents just now." */
  message: string;
  onRetry: () => void;
  /** A frame or spacing around it (a card's border, padding). */
  className?: string;
}

/** A query that failed with nothing to show: the sentence and a "Try again" that asks once more. */
export function LoadFailed({ message, onRetry, className }: LoadFailedProps) {
  return (
    <div className={cn('grid justify-items-start gap-3', className)}>
      <p className="text-ink">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
