import {
  SLA_KIND_LABELS,
  WEEKDAYS,
  clockText,
  minutesOf,
  type SlaKind,
  type SlaSettings,
  type SlaSettingsBody,
} from '@/contract';

// The settings form's values as typed (times "09:00", minutes as text) and the body they stand
// for; and the words for where a refusal points ("hours.week.2" → "Tuesday").

export interface PolicyValues {
  firstResponse: string;
  nextResponse: string;
  resolution: string;
  businessHours: boolean;
}

export interface SlaFormValues {
  timeZone: string;
  week: { start: string; end: string }[][];
  holidays: { date: string; name: string }[];
  /** By channel id. */
  policies: Record<string, PolicyValues>;
}

export const EMPTY_POLICY: PolicyValues = {
  firstResponse: '',
  nextResponse: '',
  resolution: '',
  businessHours: true,
};

export function valuesOf(settings: SlaSettings): SlaFormValues {
  return {
    timeZone: settings.hours.timeZone,
    week: settings.hours.week.map((day) =>
      day.map((s) => ({ start: clockText(s.start), end: clockText(s.end) })),
    ),
    holidays: settings.hours.holidays.map((h) => ({ date: h.date, name: h.name ?? '' })),
    policies: Object.fromEntries(
      settings.policies.map((p) => [
        p.channelId,
        {
          firstResponse: p.firstResponseMinutes?.toString() ?? '',
          nextResponse: p.nextResponseMinutes?.toString() ?? '',
          resolution: p.resolutionMinutes?.toString() ?? '',
          businessHours: p.businessHours,
        },
      ]),
    ),
  };
}

const hasTarget = (p: PolicyValues) =>
  [p.firstResponse, p.nextResponse, p.resolution].some((t) => t.trim() !== '');

/** The channels whose policy is sent, in the body's order (a refusal's index points into it). */
export const sentChannels = (values: SlaFormValues): string[] =>
  Object.keys(values.policies)
    .filter((id) => hasTarget(values.policies[id]!))
    .sort();

/** Blank: no target; anything else as a number, for the schema to judge (0, -5, 1.5, "abc" are refused). */
const minutes = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** A time as minutes of the day; one that does not read as HH:MM becomes -1, which the schema refuses. */
const timeOf = (text: string): number => minutesOf(text) ?? -1;

export function bodyOf(values: SlaFormValues): SlaSettingsBody {
  return {
    hours: {
      timeZone: values.timeZone,
      week: values.week.map((day) => day.map((s) => ({ start: timeOf(s.start), end: timeOf(s.end) }))),
      holidays: values.holidays.map((h) => ({
        date: h.date,
        ...(h.name.trim() ? { name: h.name.trim() } : {}),
      })),
    },
    policies: sentChannels(values).map((channelId) => {
      const p = values.policies[channelId]!;
      return {
        channelId,
        firstResponseMinutes: minutes(p.firstResponse),
        nextResponseMinutes: minutes(p.nextResponse),
        resolutionMinutes: minutes(p.resolution),
        businessHours: p.businessHours,
      };
    }),
  };
}

const TARGET_WORDS: Readonly<Record<string, SlaKind>> = {
  firstResponseMinutes: 'first-response',
  nextResponseMinutes: 'next-response',
  resolutionMinutes: 'resolution',
};

/** The form's field a refusal's path belongs to. */
export function fieldOfPath(path: string): keyof SlaFormValues | null {
  const [head, second] = path.split('.');
  if (head === 'policies') return 'policies';
  if (head !== 'hours') return null;
  return second === 'timeZone' || second === 'week' || second === 'holidays' ? second : null;
}

/** Where in the form a path points, in words: "Tuesday, shift 2", "Holiday 1", "WhatsApp, first response". */
export function placeOfPath(
  path: string,
  values: SlaFormValues,
  channelName: (id: string) => string,
): string | null {
  const parts = path.split('.');
  if (parts[0] === 'hours' && parts[1] === 'week' && parts[2] !== undefined) {
    const day = WEEKDAYS[Number(parts[2])];
    return parts[3] !== undefined ? `${day ?? ''}, shift ${String(Number(parts[3]) + 1)}` : (day ?? null);
  }
  if (parts[0] === 'hours' && parts[1] === 'holidays' && parts[2] !== undefined)
    return `Holiday ${String(Number(parts[2]) + 1)}`;
  if (parts[0] === 'policies' && parts[1] !== undefined) {
    const id = sentChannels(values)[Number(parts[1])];
    const kind = parts[2] ? TARGET_WORDS[parts[2]] : undefined;
    const name = id ? channelName(id) : 'A channel';
    return kind ? `${name}, ${SLA_KIND_LABELS[kind].toLowerCase()}` : name;
  }
  return null;
}
