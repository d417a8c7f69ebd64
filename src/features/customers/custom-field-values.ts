import type { CustomFieldDescription } from '@/data/customers';

/** One editable custom field: the description when there is one, else inferred from the value. */
export interface EditableField {
  key: string;
  label: string;
  kind: 'select' | 'number' | 'date' | 'text';
  options: string[];
}

const labelOf = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const KINDS = new Set(['select', 'number', 'date']);

/**
 * The fields the form offers: every described field (set or not), then the record's other keys whose
 * values are plain text or numbers. Objects and lists are shown but not edited here.
 */
export function editableFields(
  values: Record<string, unknown> | null | undefined,
  descriptions: readonly CustomFieldDescription[],
): EditableField[] {
  const fields: EditableField[] = descriptions.map((d) => ({
    key: d.key,
    label: d.label || labelOf(d.key),
    kind: d.type && KINDS.has(d.type) ? (d.type as EditableField['kind']) : 'text',
    options: (d.options ?? []).map(String),
  }));
  const described = new Set(descriptions.map((d) => d.key));
  for (const [key, value] of Object.entries(values ?? {})) {
    if (described.has(key)) continue;
    if (typeof value === 'string') fields.push({ key, label: labelOf(key), kind: 'text', options: [] });
    if (typeof value === 'number') fields.push({ key, label: labelOf(key), kind: 'number', options: [] });
  }
  return fields;
}

/** What an input shows for a stored value. */
export function inputValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * The `custom_fields` change: only edited keys; numbers as numbers; a cleared field as null (the
 * upstream then removes it, docs/api-assumptions.md). Returns errors by key for non-numbers.
 */
export function customFieldsChange(
  inputs: Record<string, string>,
  original: Record<string, unknown> | null | undefined,
  fields: readonly EditableField[],
): { change: Record<string, unknown>; errors: Record<string, string> } {
  const change: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const text = (inputs[field.key] ?? '').trim();
    if (text === inputValue(original?.[field.key]).trim()) continue;
    if (text === '') {
      change[field.key] = null;
    } else if (field.kind === 'number') {
      const n = Number(text);
      if (Number.isFinite(n)) change[field.key] = n;
      else errors[field.key] = 'Must be a number.';
    } else {
      change[field.key] = text;
    }
  }
  return { change, errors };
}
