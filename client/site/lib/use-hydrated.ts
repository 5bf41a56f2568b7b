import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the prerendered HTML and while hydrating, true once React handles events. Controls that
 * only work with React stay disabled until then, so an early click or submit is not lost or sent
 * the browser's own way (a form's default GET would put what was typed in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
