import type { Contact } from '@/contract';

// Quick replies with variables: `{{contact.first_name}}` and the like, filled from what the app
// knows when the reply is inserted. One that cannot be filled (unknown, or no value for this
// thread) stays in the text as written, and the composer holds the send until it is replaced.

/** `{{ name }}`: letters, digits, dots and underscores, spaces around allowed. */
const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_.]+)\s*\}\}/g;

export const KNOWN_VARIABLES = [
  'contact.first_name',
  'contact.last_name',
  'contact.name',
  'agent.name',
  'agent.first_name',
  'channel.name',
] as const;
export type VariableName = (typeof KNOWN_VARIABLES)[number];

export type VariableValues = Partial<Record<VariableName, string | null | undefined>>;

const isKnown = (name: string): name is VariableName => (KNOWN_VARIABLES as readonly string[]).includes(name);
const firstWord = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] || null;

export function variableValues(sources: {
  contact?: Pick<Contact, 'first_name' | 'last_name'> | null | undefined;
  agentName?: string | null | undefined;
  channelName?: string | null | undefined;
}): VariableValues {
  const first = sources.contact?.first_name?.trim() || null;
  const last = sources.contact?.last_name?.trim() || null;
  return {
    'contact.first_name': first,
    'contact.last_name': last,
    'contact.name': [first, last].filter(Boolean).join(' ') || null,
    'agent.name': sources.agentName?.trim() || null,
    'agent.first_name': firstWord(sources.agentName),
    'channel.name': sources.channelName?.trim() || null,
  };
}

/** The body with every variable that has a value filled in; the others are left as written. */
export function fillVariables(body: string, values: VariableValues): string {
  return body.replace(PLACEHOLDER, (whole, raw: string) => {
    const name = raw.toLowerCase();
    const value = isKnown(name) ? values[name] : null;
    return value ? value : whole;
  });
}

/** Placeholders still in the text, as written, each once: what must be replaced before sending. */
export function unfilledVariables(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[0]))];
}
