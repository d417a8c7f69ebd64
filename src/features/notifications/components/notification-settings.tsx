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

/** Asks the browser; one that cannot ask (an old callback-only API, a blocked frame) says so. */
async function askPermission(): Promise<Permission> {
  try {
    return await Notification.requestPermission();
  } catch {
    return 'unsupported';
  }
}

/** What this browser will do with desktop notifications, in words; null when it has not been asked. */
function permissionWords(permission: Permission, asked: boolean): { text: string; alert: boolean } | null {
  switch (permission) {
    case 'granted':
      return { text: 'This browser shows Chatdesk’s notifications.', alert: false };
    case 'denied':
      return {
        text: 'This browser blocks notifications from Chatdesk: allow them in the site settings (the icon left of the address), then come back.',
        alert: true,
      };
    case 'unsupported':
      return { text: 'This browser cannot show notifications.', alert: false };
    case 'default':
      // Asked, and no answer came back: the prompt was dismissed or the browser would not show one.
      return asked
        ? {
            text: 'The browser did not allow notifications (the question was dismissed or not shown). Your setting is saved; allow notifications in the site settings for this browser to show them.',
            alert: true,
          }
        : null;
  }
}

/**
 * Settings → Notifications: desktop notifications for new messages on my or unassigned threads and
 * for mentions, and a sound with them. Kept per person by the BFF; the browser's permission is
 * asked only when the person turns desktop notifications on.
 */
export function NotificationSettings() {
  const { data: prefs } = useSuspenseQuery(preferencesQuery());
  const queryClient = useQueryClient();
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const [asked, setAsked] = useState(false);
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
    if (on && permission === 'default') {
      setPermission(await askPermission());
      setAsked(true);
    }
    await save({ desktop: on });
  };

  // "Allowed" is worth saying only while desktop notifications are on; a problem always is.
  const words = permission === 'granted' && !prefs.desktop ? null : permissionWords(permission, asked);

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
              A new message on a conversation that is yours or nobody’s, a note that mentions you, and your
              reminders when they come due. Never for the conversation you are looking at.
            </span>
            {words ? (
              <span
                role={words.alert ? 'alert' : 'status'}
                className={`block text-[13px] ${words.alert ? 'text-danger' : 'text-muted'}`}
              >
                {words.text}
              </span>
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
