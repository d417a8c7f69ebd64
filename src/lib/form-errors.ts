import { fieldErrors } from '@/contract';
import { isApiError } from './api-error';

/**
 * The one reading of field errors, for what the contract's schemas refuse in the browser and what
 * a server's 400 says (decisions.md: `message` is a list of lines, each starting with the field's
 * path, as in "address.city must have at most 100 characters").
 */
export interface FieldErrorLine {
  /** The field's dotted path ("email", "address.city"). */
  path: string;
  /** What is wrong, as a sentence for a person ("Must have at most 100 characters."). */
  message: string;
  /** The line as it came, for a place that shows it away from its field. */
  line: string;
}

const LINE = /^([A-Za-z_][\w]*(?:\.[\w]+)*)\s+(.+)$/;

function readLine(line: string): FieldErrorLine | null {
  const match = LINE.exec(line);
  if (!match?.[1] || !match[2]) return null;
  const text = match[2].charAt(0).toUpperCase() + match[2].slice(1);
  return { path: match[1], message: /[.!?]$/.test(text) ? text : `${text}.`, line };
}

/** The lines that name a field, in order; a line that names none becomes a path-less entry. */
export function readErrorLines(lines: readonly string[]): FieldErrorLine[] {
  return lines.map((line) => readLine(line) ?? { path: '', message: line, line });
}

/** A schema's refusal of a form's body, worded as the upstream would word it. */
export function schemaErrors(error: Parameters<typeof fieldErrors>[0]): FieldErrorLine[] {
  return readErrorLines(fieldErrors(error));
}

/** An upstream (or BFF) 400's field errors; null for any other failure. */
export function apiFieldErrors(error: unknown): FieldErrorLine[] | null {
  if (!isApiError(error) || error.status !== 400 || !error.body) return null;
  const message = error.body.message;
  return readErrorLines(Array.isArray(message) ? message : [message]);
}

/** The first message for each path, for a caller that only wants them keyed. */
export function errorsByPath(lines: readonly FieldErrorLine[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of lines) if (path && !(path in out)) out[path] = message;
  return out;
}
