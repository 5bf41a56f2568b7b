import { useCallback } from 'react';
import { useToast } from '../../components/ui/toast.tsx';
import { refusalMessageOf } from '../../lib/api-request.ts';
import { issuesFromError } from '../../lib/field-errors.ts';

/**
 * A toast for a failed change no form field can show: `onFailure(title, fallback)(error)` says
 * `title`, then the server's own words when it refused the call for the person's role on the child
 * (decision 0060: their access changed while the screen was open), else `fallback`. A failure that
 * carries field issues is left to the form that sent it.
 */
export function useFailureToast() {
  const { toast } = useToast();
  return useCallback(
    (title: string, fallback = 'Please try again.') =>
      (error: unknown) => {
        if (issuesFromError(error).length > 0) return;
        toast({ title, description: refusalMessageOf(error) ?? fallback, variant: 'destructive' });
      },
    [toast],
  );
}
