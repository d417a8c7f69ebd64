import { useState } from 'react';
import type { FormErrors } from '@/lib/form-errors';
import type { ContactValues } from '../contact-form-values';

/** Form state whose field error clears as soon as that field is edited. */
export function useContactForm(initial: () => ContactValues) {
  const [values, setValues] = useState<ContactValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const onChange = <K extends keyof ContactValues>(key: K, value: ContactValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  };
  return { values, setValues, errors, setErrors, formError, setFormError, onChange };
}

/** Keeps errors of fields the form shows on those fields; the rest become one form-level line. */
export function splitErrors(
  errors: FormErrors,
  fields: readonly string[],
): { fields: FormErrors; rest: string[] } {
  const out: FormErrors = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const key = path.split('.')[0] ?? path;
    if (fields.includes(key) && !(key in out)) out[key] = message;
    else rest.push(`${path}: ${message}`);
  }
  return { fields: out, rest };
}
