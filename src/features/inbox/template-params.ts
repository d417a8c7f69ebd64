import type { Template, TemplateComponent } from '@/contract';

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/** The positional parameters a text uses (`{{1}}`, `{{2}}`), as sorted unique numbers. */
export function placeholdersIn(text: string | null | undefined): number[] {
  if (!text) return [];
  const found = new Set<number>();
  for (const match of text.matchAll(PLACEHOLDER)) found.add(Number(match[1]));
  return [...found].sort((a, b) => a - b);
}

/**
 * How many parameters a template takes: the highest `{{n}}` across its text components (the
 * upstream counts positions, so a template using only `{{2}}` still needs two values).
 */
export function templateParamCount(template: Pick<Template, 'components'>): number {
  let max = 0;
  for (const component of template.components) {
    for (const n of placeholdersIn(component.text)) max = Math.max(max, n);
  }
  return max;
}

/** A text with each `{{n}}` replaced by its value, or kept as `{{n}}` while still empty. */
export function fillPlaceholders(text: string, params: readonly string[]): string {
  return text.replace(PLACEHOLDER, (whole, n: string) => {
    const value = params[Number(n) - 1];
    return value && value.trim() !== '' ? value : whole;
  });
}

export interface TemplatePreview {
  header: string | null;
  body: string;
  footer: string | null;
  buttons: string[];
}

const componentOf = (template: Pick<Template, 'components'>, type: string): TemplateComponent | undefined =>
  template.components.find((c) => c.type.toUpperCase() === type);

/** What the contact will see, with the parameters filled in so far. */
export function previewTemplate(
  template: Pick<Template, 'components'>,
  params: readonly string[],
): TemplatePreview {
  const text = (type: string) => {
    const value = componentOf(template, type)?.text;
    return value ? fillPlaceholders(value, params) : null;
  };
  return {
    header: text('HEADER'),
    body: text('BODY') ?? '',
    footer: text('FOOTER'),
    buttons: (componentOf(template, 'BUTTONS')?.buttons ?? []).map((b) => b.text ?? '').filter(Boolean),
  };
}

/** The 1-based numbers of parameters still empty. */
export function missingParams(count: number, params: readonly string[]): number[] {
  const missing: number[] = [];
  for (let i = 0; i < count; i++) if (!params[i]?.trim()) missing.push(i + 1);
  return missing;
}

/** The body text of a template, for search. */
export const templateBodyText = (template: Pick<Template, 'components'>) =>
  componentOf(template, 'BODY')?.text ?? '';
