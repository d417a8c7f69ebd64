import { fieldErrors } from '@/contract';
import { isApiError } from './api-error';

/** Field errors keyed by the full dotted path ("email", "address.city"), each as words for a person. */
export type FormErrors = Record<string, string>;

const LINE = /^([A-Za-z_][\w]*(?:\.[\w]+)*)\s+(.+)$/;

/** "address.city must have at most 100 characters" → ["address.city", "Must have at most 100 characters."] */
function splitLine(line: string): [string, string] | null {
  const match = LINE.exec(line);
  if (!match?.[1] || !match[2]) return null;
  const text = match[2].charAt(0).toUpperCase() + match[2].slice(1);
  return [match[1], /[.!?]$/.test(text) ? text : `${text}.`];
}

/** Field error lines (the shape decisions.md pins: each starts with the field's name) by field path. */
export function errorsFromLines(lines: readonly string[]): FormErrors {
  const out: FormErrors = {};
  for (const line of lines) {
    const split = splitLine(line);
    if (split && !(split[0] in out)) out[split[0]] = split[1];
  }
  return out;
}

/** A schema's refusal of a form's body, by field path, worded as the upstream would word it. */
export function errorsFromSchema(error: Parameters<typeof fieldErrors>[0]): FormErrors {
  return errorsFromLines(fieldErrors(error));
}

/** An upstream 400's field errors by field path; {} for any other failure. */
export function errorsFromApi(error: unknown): FormErrors {
  if (!isApiError(error) || error.status !== 400 || !error.body) return {};
  const message = error.body.message;
  return errorsFromLines(Array.isArray(message) ? message : [message]);
}
