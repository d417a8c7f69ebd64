import type { Template, TemplateComponent } from '../../src/contract/templates';
import type { Rng } from '../core/rng';
import type { ChannelRec, TemplateRec } from './state';

// Fixed ids, so e2e journeys and other engineers' tests can name a channel.
export const ACME_CHANNELS = {
  whatsappSales: 'c0000000-0000-4000-8000-000000000001',
  whatsappSupport: 'c0000000-0000-4000-8000-000000000002',
  instagram: 'c0000000-0000-4000-8000-000000000003',
  messenger: 'c0000000-0000-4000-8000-000000000004',
  telegram: 'c0000000-0000-4000-8000-000000000005',
} as const;

export const GLOBEX_CHANNELS = {
  whatsapp: 'c0000000-0000-4000-8000-000000000101',
  telegram: 'c0000000-0000-4000-8000-000000000102',
} as const;

const channel = (
  id: string,
  name: string,
  platform: ChannelRec['platform'],
  phone: string | null,
): ChannelRec => ({
  id,
  name,
  platform,
  phone_number: phone,
  status: 'connected',
});

export function seedChannels(workspace: 'acme' | 'globex'): ChannelRec[] {
  if (workspace === 'globex') {
    return [
      channel(GLOBEX_CHANNELS.whatsapp, 'Globex Sales', 'whatsapp', '14155550100'),
      channel(GLOBEX_CHANNELS.telegram, 'Globex Bot', 'telegram', null),
    ];
  }
  return [
    channel(ACME_CHANNELS.whatsappSales, 'Acme Sales', 'whatsapp', '351912000001'),
    channel(ACME_CHANNELS.whatsappSupport, 'Acme Support', 'whatsapp', '351912000002'),
    channel(ACME_CHANNELS.instagram, '@acme.store', 'instagram', null),
    channel(ACME_CHANNELS.messenger, 'Acme Store', 'messenger', null),
    channel(ACME_CHANNELS.telegram, '@AcmeHelpBot', 'telegram', null),
  ];
}

type Def = Template;
const body = (text: string): TemplateComponent => ({ type: 'BODY', text });

const TEMPLATES: readonly Def[] = [
  {
    name: 'hello_world',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [body('Hello! Thanks for contacting Acme. How can we help you today?')],
  },
  {
    name: 'order_update',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order update' },
      body('Hi {{1}}, your order {{2}} has shipped and is on its way.'),
      { type: 'FOOTER', text: 'Acme Store' },
    ],
  },
  {
    name: 'appointment_reminder',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      body('Hi {{1}}, this is a reminder of your appointment on {{2}} at {{3}}. Reply YES to confirm.'),
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'YES' },
          { type: 'QUICK_REPLY', text: 'Reschedule' },
        ],
      },
    ],
  },
  {
    name: 'follow_up',
    language: 'en_US',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [body('Hi {{1}}, just checking in: do you have any questions about our proposal?')],
  },
  {
    name: 'follow_up',
    language: 'pt_PT',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [body('Olá {{1}}, tem alguma dúvida sobre a nossa proposta?')],
  },
  {
    name: 'seasonal_promo',
    language: 'es_ES',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'IMAGE', text: null },
      body('¡Hola {{1}}! Esta semana tienes un 20% de descuento en toda la tienda.'),
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Ver ofertas' }] },
    ],
  },
  {
    name: 'verification_code',
    language: 'en_US',
    status: 'APPROVED',
    category: 'AUTHENTICATION',
    components: [body('{{1}} is your verification code. For your security, do not share it.')],
  },
  {
    name: 'black_friday_2025',
    language: 'en_US',
    status: 'PENDING',
    category: 'MARKETING',
    components: [body('Hi {{1}}, Black Friday starts now: {{2}} off everything!')],
  },
  {
    name: 'win_back_offer',
    language: 'en_US',
    status: 'REJECTED',
    category: 'MARKETING',
    components: [body('We miss you {{1}}! Come back for a free gift.')],
  },
];

/** Templates exist only on primary-platform channels; the support number carries a subset. */
export function seedTemplates(rng: Rng, channels: readonly ChannelRec[]): TemplateRec[] {
  const out: TemplateRec[] = [];
  channels
    .filter((c) => c.platform === 'whatsapp')
    .forEach((c, index) => {
      const defs = index === 0 ? TEMPLATES : TEMPLATES.filter((t) => t.category !== 'MARKETING');
      for (const def of defs) out.push({ ...def, id: rng.uuid(), channel_id: c.id });
    });
  return out;
}

/** The highest `{{n}}` across the template's texts: how many params a send must carry. */
export function templateParamCount(template: Pick<TemplateRec, 'components'>): number {
  let max = 0;
  for (const c of template.components) {
    for (const m of (c.text ?? '').matchAll(/\{\{(\d+)\}\}/g)) max = Math.max(max, Number(m[1]));
  }
  return max;
}

export function renderTemplate(template: Pick<TemplateRec, 'components'>, params: readonly string[]): string {
  const bodyText = template.components.find((c) => c.type === 'BODY')?.text ?? '';
  return bodyText.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}
