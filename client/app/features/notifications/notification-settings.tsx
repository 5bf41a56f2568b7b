import { REMINDER_DAYS, REMINDER_SETTING, type NotificationChoices } from '#shared/schemas/notifications.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Switch } from '../../components/switch.tsx';
import { SettingsSection } from '../../components/settings-section.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { DIGEST_WORDS, FORM_ANSWER_WORDS, MAIL_NOT_SET_UP, REMINDER_WORDS } from './notification-labels.ts';
import { useNotificationSettings, useSaveNotificationChoice } from './use-notification-settings.ts';

/** What the section says under the switches while a save is waiting or done. */
function saveStatus(state: { pending: boolean; online: boolean; saved: boolean; failed: boolean }): string {
  if (state.pending && !state.online)
    return 'You\u2019re offline. Your choice is kept here and will be saved when you\u2019re back online.';
  if (state.pending) return 'Saving\u2026';
  // Said here as well as in the toast, which closes after 5 s.
  if (state.failed) return 'Your choice was not saved, and the switch is back where it was. Please try again.';
  return state.saved ? 'Saved.' : '';
}

/**
 * Settings: the person's email choices, each saved as soon as it is switched. They are the person's
 * own: a caregiver chooses for themselves, for every child they can see.
 */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationChoice();
  const online = useOnline();
  const choose = (change: Partial<NotificationChoices>) => save.mutate(change);
  const status = saveStatus({ pending: save.isPending, online, saved: save.isSuccess, failed: save.isError });

  return (
    <SettingsSection
      title="Notifications"
      description={<>Emails to your sign-in address. Each choice is saved as soon as you switch it.</>}
    >
      {settings.isPending ? (
        <Spinner size="small" label="Loading your notification choices" showLabel />
      ) : settings.isError ? (
        <LoadFailed message="We could not load your notification choices just now." onRetry={() => void settings.refetch()} />
      ) : (
        <>
          {settings.data.mailConfigured ? null : (
            <p className="rounded-lg border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">{MAIL_NOT_SET_UP}</p>
          )}
          <Switch
            checked={settings.data.weeklyDigest}
            onChange={(weeklyDigest) => choose({ weeklyDigest })}
            label={DIGEST_WORDS.label}
            description={DIGEST_WORDS.description}
          />
          <Switch
            checked={settings.data.formAnswers}
            onChange={(formAnswers) => choose({ formAnswers })}
            label={FORM_ANSWER_WORDS.label}
            description={FORM_ANSWER_WORDS.description}
          />
          <fieldset className="grid gap-3">
            <legend className="mb-1 font-semibold text-ink">Reminders before milestones</legend>
            <p className="text-sm text-ink-muted">
              An email about each milestone on your children&apos;s roadmaps that is not done or skipped.
            </p>
            {REMINDER_DAYS.map((days) => {
              const setting = REMINDER_SETTING[days];
              return (
                <Switch
                  key={days}
                  checked={settings.data[setting]}
                  onChange={(on) => choose({ [setting]: on })}
                  label={REMINDER_WORDS[days]}
                />
              );
            })}
          </fieldset>
          <p role="status" className="min-h-6 text-sm text-ink-muted">
            {status}
          </p>
        </>
      )}
    </SettingsSection>
  );
}
