import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PreferencesUpdate } from '@/contract';
import { errorText } from '@/components/ui/states';
import { preferencesQuery, savePreferences } from '@/data/preferences';
import { alertsCode } from '@/lib/live/use-desktop-alerts';
import { notify } from '@/lib/notify';

type Permission = NotificationPermission | 'unsupported';
const permissionNow = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * Settings → Notifications: desktop notifications for new messages on my or unassigned threads and
 * for mentions, and a sound with them. Kept per person by the BFF; the browser's permission is
 * asked only when the person turns desktop notifications on.
 */
export function NotificationSettings() {
  const { data: prefs } = useSuspenseQuery(preferencesQuery());
  const queryClient = useQueryClient();
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const [saving, setSaving] = useState(false);
  // The tone's code, ready before the sound is switched on: it plays within that click.
  useEffect(() => void alertsCode.preload(), []);

  const save = async (change: PreferencesUpdate) => {
    setSaving(true);
    try {
      await savePreferences(queryClient, change);
    } catch (error) {
      notify.error('The setting was not saved', { description: errorText(error) });
    } finally {
      setSaving(false);
    }
  };
  const toggleDesktop = async (on: boolean) => {
    if (on && permission === 'default') setPermission(await Notification.requestPermission());
    await save({ desktop: on });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Notifications</h1>
        <p className="mt-1 max-w-2xl text-[13px] text-muted">
          Your own settings, kept for you on every browser you sign in on. The tab’s title always shows how
          many conversations you have not read.
        </p>
      </header>
      <div className="flex max-w-2xl flex-col gap-4 px-6 py-4">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={prefs.desktop}
            disabled={saving || permission === 'unsupported'}
            onChange={(e) => void toggleDesktop(e.target.checked)}
          />
          <span>
            <span className="font-medium">Desktop notifications</span>
            <span className="block text-[13px] text-muted">
              A new message on a conversation that is yours or nobody’s, and a note that mentions you. Never
              for the conversation you are looking at.
            </span>
            {permission === 'denied' ? (
              <span role="alert" className="block text-[13px] text-danger">
                This browser blocks notifications from Chatdesk: allow them in the site settings (the icon
                left of the address), then come back.
              </span>
            ) : null}
            {permission === 'unsupported' ? (
              <span className="block text-[13px] text-muted">This browser cannot show notifications.</span>
            ) : null}
          </span>
        </label>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={prefs.sound}
            disabled={saving}
            onChange={(e) => {
              if (e.target.checked) void alertsCode.preload().then(() => alertsCode.current()?.playTone());
              void save({ sound: e.target.checked });
            }}
          />
          <span>
            <span className="font-medium">Sound</span>
            <span className="block text-[13px] text-muted">
              A short chime with each desktop notification.
            </span>
          </span>
        </label>
      </div>
    </div>
  );
}
