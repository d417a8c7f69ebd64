import type { QuickReply } from '../../src/contract/quick-replies';
import type { CrmState } from '../crm/state';
import type { Rng } from '../core/rng';
import { DAY_MS, iso } from '../core/time';
import { seedChannels, seedTemplates } from './seed-channels';
import { seedThreads } from './seed-threads';
import { emptySocialState, type SocialState } from './state';

const QUICK_REPLIES: readonly [title: string, shortcut: string, body: string][] = [
  ['Greeting', 'hi', 'Hi there! Thanks for reaching out to Acme. How can I help you today?'],
  ['Pricing', 'pricing', 'Our plans start at 29 per seat per month, billed yearly. Want me to send a quote?'],
  ['Shipping times', 'shipping', 'We ship to the whole EU in 3 to 5 working days; free above 80 euros.'],
  ['Order number', 'order', 'Could you share your order number so I can look it up?'],
  [
    'Refund policy',
    'refund',
    'Refunds are processed within 5 to 7 working days after we receive the return.',
  ],
  ['Book a demo', 'demo', 'I would love to show you around! Which day next week works for a 30-minute demo?'],
  ['Opening hours', 'hours', 'Our team is here Monday to Friday, 9:00 to 18:00 (Lisbon time).'],
  ['Escalation', 'escalate', 'I am passing this to a specialist who will get back to you within the day.'],
  ['Follow-up', 'followup', 'Just checking in: did that solve it for you?'],
  ['Closing', 'bye', 'Glad I could help! Have a great day.'],
];

function seedQuickReplies(rng: Rng, now: Date, workspace: 'acme' | 'globex'): Map<string, QuickReply> {
  const rows = workspace === 'acme' ? QUICK_REPLIES : QUICK_REPLIES.slice(0, 2);
  return new Map(
    rows.map(([title, shortcut, body], i) => {
      const at = iso(now.getTime() - (90 - i) * DAY_MS);
      const qr: QuickReply = { id: rng.uuid(), title, shortcut, body, created_at: at, updated_at: at };
      return [qr.id, qr];
    }),
  );
}

/** One workspace's messaging data, linked to its CRM contacts, customers and leads. */
export function seedSocial(
  rng: Rng,
  now: Date,
  crm: CrmState,
  opts: { workspace: 'acme' | 'globex'; scale: number },
): SocialState {
  const social = emptySocialState();
  social.channels = seedChannels(opts.workspace);
  social.templates = seedTemplates(rng, social.channels);
  social.quickReplies = seedQuickReplies(rng, now, opts.workspace);
  seedThreads(rng, now, social, crm, opts);
  return social;
}
