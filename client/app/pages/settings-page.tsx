import { Button } from '../../components/ui/button.tsx';
import { primaryEmail, useAuth } from '../auth/auth-context.tsx';
import { useSignOut } from '../auth/use-sign-out.ts';
import { useChildContext } from '../child-context.tsx';
import { CaregiversSettings } from '../features/caregivers/caregivers-settings.tsx';
import { ChildrenSettings } from '../features/children/children-settings.tsx';
import { NotificationSettings } from '../features/notifications/notification-settings.tsx';
import { YourDataSection } from '../features/account-data/your-data-section.tsx';

export default function SettingsPage() {
  const { user } = useAuth();
  const signOut = useSignOut();
  const email = primaryEmail(user);
  const { children, childDeleted } = useChildContext();
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold text-ink">Settings</h1>
      <section aria-labelledby="settings-account" className="grid max-w-2xl gap-4 rounded-2xl border border-ink/10 bg-white p-8">
        <h2 id="settings-account" className="text-xl font-semibold text-ink">
          Account
        </h2>
        <dl className="grid gap-1">
          <dt className="text-sm font-semibold text-ink-muted">Email address</dt>
          <dd className="text-ink">{email ?? 'Not available'}</dd>
        </dl>
        <div>
          <Button variant="outline" onClick={() => void signOut()}>
            Sign out
          </Button>
        </div>
      </section>
      <ChildrenSettings />
      <CaregiversSettings family={children} onLeft={childDeleted} />
      <NotificationSettings />
      <YourDataSection />
    </div>
  );
}
