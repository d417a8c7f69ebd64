import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useSteadyWhilePressed } from './steady-while-pressed';

const CONTROL =
  'w-full rounded-md border border-border bg-bg px-2.5 py-1.5 text-sm text-fg placeholder:text-subtle focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/**
 * A label, a control and its error, wired for screen readers. An error that appears or changes
 * while a pointer is pressed (a blur check set off by pressing elsewhere) waits for the release, so
 * nothing moves under the pointer and the click lands where it was aimed.
 */
export function Field({ label, error: current, hint, children }: FieldProps) {
  const id = useId();
  const error = useSteadyWhilePressed(current);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-[13px] font-medium text-muted">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-subtle">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className = '', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={`${CONTROL} h-9 ${className}`} {...props} />;
}

export function Textarea({ className = '', ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${CONTROL} ${className}`} {...props} />;
}

export function Select({ className = '', ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${CONTROL} h-9 ${className}`} {...props} />;
}
