import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useChildContext } from '../child-context.tsx';
import { LoadingScreen, MessageScreen } from '../components/status-screens.tsx';

/** The third protection layer (SPEC §2): the children list is loaded and a child selected before a screen shows. */
export function RequireChildContext({ children }: { children: ReactNode }) {
  const { isLoading, error, refetch, children: list, selectedChildId } = useChildContext();
  if (isLoading) return <LoadingScreen page />;
  if (error) {
    return (
      <MessageScreen
        title="We couldn't load your children's profiles"
        message="Please check your connection and try again."
        action={<Button onClick={refetch}>Try again</Button>}
      />
    );
  }
  // The first child is being auto-selected (one render): wait for it rather than flash an empty screen.
  if (list.length > 0 && (selectedChildId === null || !list.some((child) => child.id === selectedChildId))) {
    return <LoadingScreen page />;
  }
  return children;
}
