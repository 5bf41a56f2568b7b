import { createContext, useContext } from 'react';

/** What the built-in sign-in and sign-up forms can do; provided by LocalAuthProvider. */
export interface LocalAuthActions {
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
}

export const LocalAuthActionsContext = createContext<LocalAuthActions | null>(null);

export function useLocalAuthActions(): LocalAuthActions {
  const actions = useContext(LocalAuthActionsContext);
  if (!actions) throw new Error('The built-in sign-in forms must be used inside LocalAuthProvider');
  return actions;
}
