import { useRef, useState, type FormEvent } from 'react';
import { errorText } from '@/components/ui/states';
import { apiFieldErrors, schemaErrors, type FieldErrorLine } from '@/lib/form-errors';

/** What a contract schema offers a form: a check that returns the typed body or the refusal. */
interface BodySchema<B> {
  safeParse(
    value: unknown,
  ): { success: true; data: B } | { success: false; error: Parameters<typeof schemaErrors>[0] };
}

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export interface ApiFormOptions<V extends object, B, R> {
  initial: V | (() => V);
  /** The request body the values stand for (blank fields left out, numbers as numbers…). */
  toBody: (values: V) => unknown;
  /** The contract's schema for the body: nothing is sent that it refuses. */
  schema: BodySchema<B>;
  /** Sends the body (a mutation's `mutateAsync`). */
  submit: (body: B) => Promise<R>;
  onSuccess?: (result: R, body: B) => void;
  /** Called instead of sending when the body holds nothing (an edit form with nothing changed). */
  onUnchanged?: () => void;
  /** Errors the schema cannot see (a date that does not parse), by field, already worded. */
  check?: (values: V) => FieldErrors<V>;
  /** The field an error path belongs to, or null to show it above the actions; by default its first segment. */
  fieldOf?: (path: string) => (keyof V & string) | null;
  /** Better words for a server's message a person can act on. */
  reword?: (field: keyof V & string, message: string) => string;
  /** Words for a failure other than field errors (by default the error's own). */
  describeFailure?: (error: unknown) => string;
  onFailure?: (error: unknown) => void;
}

export interface ApiForm<V extends object> {
  values: V;
  /** Sets one value and clears that field's error. */
  setValue: <K extends keyof V & string>(key: K, value: V[K]) => void;
  /** Replaces every value (errors stay until the next submit). */
  setValues: (values: V) => void;
  errors: FieldErrors<V>;
  /** The form's own error (not of one field), shown by FormAlert above the actions. */
  formError: string | null;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  /** Back to these values (or the initial ones), with no errors. */
  reset: (values?: V) => void;
}

const SOME_FIELDS = 'Some fields need attention.';

/**
 * One form pipeline: values as typed, the contract's check before anything is sent, the server's
 * 400 field errors on their fields, anything else in one alert above the actions; nothing typed is
 * lost on failure.
 */
export function useApiForm<V extends object, B, R>(options: ApiFormOptions<V, B, R>): ApiForm<V> {
  const [values, setValuesState] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const initial = useRef(values);

  const fieldOf = (path: string): (keyof V & string) | null => {
    if (options.fieldOf) return options.fieldOf(path);
    const head = path.split('.')[0] ?? '';
    return head in initial.current ? (head as keyof V & string) : null;
  };

  /** Field errors on their fields; the lines no field shows, for the alert. */
  const place = (lines: readonly FieldErrorLine[]): { fields: FieldErrors<V>; rest: string[] } => {
    const fields: FieldErrors<V> = {};
    const rest: string[] = [];
    for (const line of lines) {
      const field = line.path ? fieldOf(line.path) : null;
      if (field && fields[field] === undefined) {
        fields[field] = options.reword ? options.reword(field, line.message) : line.message;
      } else rest.push(line.line);
    }
    return { fields, rest };
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const { toBody, schema, check, submit, onSuccess, onUnchanged, describeFailure, onFailure } = options;
    setFormError(null);
    const extra = check?.(values) ?? {};
    const body = toBody(values);
    const checked = schema.safeParse(body);
    if (!checked.success || Object.keys(extra).length > 0) {
      const placed = checked.success ? { fields: {}, rest: [] } : place(schemaErrors(checked.error));
      setErrors({ ...placed.fields, ...extra });
      setFormError(placed.rest.length ? placed.rest.join(' ') : null);
      return;
    }
    setErrors({});
    const data = checked.data;
    if (onUnchanged && typeof data === 'object' && data !== null && Object.keys(data).length === 0) {
      onUnchanged();
      return;
    }
    setPending(true);
    submit(data).then(
      (result) => {
        setPending(false);
        onSuccess?.(result, data);
      },
      (error: unknown) => {
        setPending(false);
        const lines = apiFieldErrors(error);
        const placed = lines ? place(lines) : { fields: {}, rest: [] };
        setErrors(placed.fields);
        setFormError(
          placed.rest.length
            ? placed.rest.join(' ')
            : Object.keys(placed.fields).length
              ? SOME_FIELDS
              : (describeFailure?.(error) ?? errorText(error)),
        );
        onFailure?.(error);
      },
    );
  };

  return {
    values,
    setValue: (key, value) => {
      setValuesState((old) => ({ ...old, [key]: value }));
      setErrors((old) => {
        if (old[key] === undefined) return old;
        const next = { ...old };
        delete next[key];
        return next;
      });
    },
    setValues: setValuesState,
    errors,
    formError,
    pending,
    onSubmit,
    reset: (next) => {
      setValuesState(next ?? initial.current);
      setErrors({});
      setFormError(null);
    },
  };
}
