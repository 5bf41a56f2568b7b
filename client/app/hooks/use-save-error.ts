import { useCallback, useState } from 'react';
import { refusalMessageOf } from '../../lib/api-request.ts';
import { useFailureToast } from './use-failure-toast.ts';

/**
 * A failed save of a control that has no form (a status, a rating, a switch, a button): said in a
 * toast, and kept on the page beside the control until the next try (a toast closes after 5 s and
 * leaves nothing behind). `report(title, fallback)(error)` records it; show `message` with SaveError.
 */
export function useSaveError() {
  const onFailure = useFailureToast();
  const [message, setMessage] = useState<string | null>(null);
  const report = useCallback(
    (title: string, fallback = 'Please try again.') =>
      (error: unknown) => {
        onFailure(title, fallback)(error);
        setMessage(`${title}. ${refusalMessageOf(error) ?? fallback}`);
      },
    [onFailure],
  );
  const clear = useCallback(() => setMessage(null), []);
  return { message, report, clear };
}
