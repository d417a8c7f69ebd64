import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, LiveEvent, Me, Preferences } from '@/contract';
import { heldConversation } from '@/data/conversations';
import { preferenceKeys } from '@/data/preferences';
import { breachText } from '@/data/sla';
import { sessionKeys } from '@/data/session';

// Desktop notifications (opt-in, Settings → Notifications) for a new message from a contact on a
// thread that is mine or nobody's, for a note that mentions me, for my reminder coming due and for
// an SLA target missed on a thread of mine (or nobody's);
// with a short tone if wanted.
// Only one tab of the browser alerts (the one holding a Web Lock), and never for the thread that
// is open in a tab the person is looking at.

let alerter = typeof navigator === 'undefined' || !('locks' in navigator);
if (!alerter) {
  // Held for the tab's life; when it closes, another tab takes over.
  void navigator.locks.request('chatdesk-alerts', () => {
    alerter = true;
    return new Promise<never>(() => undefined);
  });
}

/** A short two-note chime, made on the spot (no audio file to download). */
export function playTone(): void {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.45);
    gain.connect(audio.destination);
    [880, 1320].forEach((hz, i) => {
      const tone = audio.createOscillator();
      tone.frequency.value = hz;
      tone.connect(gain);
      tone.start(audio.currentTime + i * 0.12);
      tone.stop(audio.currentTime + 0.45);
    });
    setTimeout(() => void audio.close(), 1_000);
  } catch {
    // No audio here: the notification still shows.
  }
}

const lookingAt = (conversationId: string): boolean =>
  document.visibilityState === 'visible' &&
  document.hasFocus() &&
  location.pathname === `/inbox/${conversationId}`;

function show(prefs: Preferences, title: string, body: string, path: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const notification = new Notification(title, { body, tag: path });
  notification.onclick = () => {
    window.focus();
    location.assign(path);
  };
  if (prefs.sound) playTone();
}

/** Says a live event to the person when it is for them and they asked for it. */
export function alertFor(queryClient: QueryClient, event: LiveEvent): void {
  if (!alerter) return;
  const prefs = queryClient.getQueryData<Preferences>(preferenceKeys.mine);
  const me = queryClient.getQueryData<Me>(sessionKeys.me());
  if (!prefs?.desktop || !me) return;
  if (event.type === 'messages.upserted') {
    const inbound = event.messages.filter((m) => m.direction === 'inbound');
    const newest = inbound.at(-1);
    if (!newest || lookingAt(event.conversationId)) return;
    const thread: Conversation | undefined = heldConversation(queryClient, event.conversationId);
    if (thread && thread.assigned_to_user_id && thread.assigned_to_user_id !== me.upstreamUserId) return;
    show(
      prefs,
      newest.sender_name ?? 'New message',
      newest.text ?? 'New message',
      `/inbox/${event.conversationId}`,
    );
  } else if (event.type === 'mention.created') {
    const { note } = event;
    show(
      prefs,
      `${note.authorName} mentioned you`,
      note.body,
      `/inbox/${note.conversationId}?note=${note.id}`,
    );
  } else if (event.type === 'reminder.due') {
    // Only the person who set it is told (the BFF sends it to their browsers alone).
    const { reminder } = event;
    const path =
      reminder.target.kind === 'lead'
        ? `/leads?lead=${encodeURIComponent(reminder.target.id)}`
        : `/inbox/${reminder.target.id}`;
    const gone = reminder.recordGone ? ' (it has been deleted since)' : '';
    show(prefs, `Reminder: ${reminder.label}${gone}`, reminder.note ?? 'Your reminder is due', path);
  } else if (event.type === 'sla.breached') {
    // Sent to the owner's browsers only, or to everyone's when nobody owns the thread.
    show(prefs, 'SLA target missed', breachText(queryClient, event), `/inbox/${event.conversationId}`);
  }
}
