import { useCallback } from 'react';
import type { Child, ChildCreate, ChildUpdate } from '#shared/schemas/child.ts';
import { writeSession } from '../../../lib/session-storage.ts';
import { useStartRoadmapGeneration } from '../../hooks/roadmap-generation.ts';
import { useCreateChild, useUpdateChild } from './use-child-mutations.ts';

/** The message of the toast the dashboard shows once on arrival (SPEC §3 `showSuccessToast`). */
export function welcomeMessage(child: Pick<Child, 'firstName'>): string {
  return `${child.firstName} has been added`;
}

/**
 * Finishing onboarding: creates the child (which selects it and refetches, SPEC §4; the server keeps
 * the onboarding metadata), asks the dashboard to say so, and starts building the roadmap in the
 * background. Resolves with the child once it exists; the roadmap carries on without the page.
 */
export function useFinishOnboarding() {
  const createChild = useCreateChild({ announce: false });
  const createChildAsync = createChild.mutateAsync;
  const startRoadmapGeneration = useStartRoadmapGeneration();
  const finish = useCallback(
    async (input: ChildCreate): Promise<Child> => {
      const child = await createChildAsync(input);
      writeSession('showSuccessToast', welcomeMessage(child));
      // Outlives this screen, which unmounts as the child is selected.
      void startRoadmapGeneration(child);
      return child;
    },
    [createChildAsync, startRoadmapGeneration],
  );
  return { finish, isPending: createChild.isPending };
}

/** Saving an edited profile. */
export function useSaveProfile() {
  const updateChild = useUpdateChild();
  const updateAsync = updateChild.mutateAsync;
  const save = useCallback((id: number, data: ChildUpdate) => updateAsync({ id, data }), [updateAsync]);
  return { save, isPending: updateChild.isPending };
}
