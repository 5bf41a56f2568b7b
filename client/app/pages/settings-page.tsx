import { useChildContext } from '../child-context.tsx';
import { AccountSettings } from '../features/account/account-settings.tsx';
import { CaregiversSettings } from '../features/caregivers/caregivers-settings.tsx';
import { ChildrenSettings } from '../features/children/children-settings.tsx';
import { NotificationSettings } from '../features/notifications/notification-settings.tsx';
import { YourDataSection } from '../features/account-data/your-data-section.tsx';

export default function SettingsPage() {
  const { children, childDeleted } = useChildContext();
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold text-ink">Settings</h1>
      <AccountSettings />
      <ChildrenSettings />
      <CaregiversSettings family={children} onLeft={childDeleted} />
      <NotificationSettings />
      <YourDataSection />
    </div>
  );
}
