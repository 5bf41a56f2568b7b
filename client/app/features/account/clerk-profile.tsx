import { UserProfile } from '@clerk/react';
import { AUTH_PRIMARY_COLOR } from '../../auth/clerk-auth.tsx';

/** Clerk mode: Clerk's own profile (name, emails, password, devices), loaded with Clerk's code only when shown. */
export default function ClerkProfile() {
  return (
    <UserProfile
      routing="hash"
      appearance={{
        variables: { colorPrimary: AUTH_PRIMARY_COLOR, colorPrimaryForeground: '#1f2a2a' },
        elements: { rootBox: 'w-full', cardBox: 'w-full max-w-full shadow-none border border-ink/10' },
      }}
    />
  );
}
