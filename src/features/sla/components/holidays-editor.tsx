import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { SlaFormValues } from '../sla-form-values';

type Holidays = SlaFormValues['holidays'];

const CONTROL =
  'h-8 rounded-md border border-border bg-bg px-2 text-sm focus:border-accent focus:outline-none disabled:opacity-60';

/** Days the team is closed, each with an optional name. */
export function HolidaysEditor({
  holidays,
  onChange,
  disabled,
  error,
}: {
  holidays: Holidays;
  onChange: (holidays: Holidays) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const set = (index: number, patch: Partial<Holidays[number]>) =>
    onChange(holidays.map((h, i) => (i === index ? { ...h, ...patch } : h)));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'sla-holidays-error' : undefined}>
      <legend className="mb-1 text-[13px] font-medium text-muted">Holidays</legend>
      {holidays.length === 0 ? <p className="text-sm text-subtle">No holidays.</p> : null}
      {holidays.map((holiday, i) => (
        <div key={i} className="flex flex-wrap items-center gap-2">
          <input
            type="date"
            aria-label={`Holiday ${String(i + 1)} date`}
            className={CONTROL}
            value={holiday.date}
            disabled={disabled}
            onChange={(e) => set(i, { date: e.target.value })}
          />
          <input
            aria-label={`Holiday ${String(i + 1)} name`}
            className={`${CONTROL} w-48`}
            placeholder="Name (optional)"
            maxLength={100}
            value={holiday.name}
            disabled={disabled}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          {disabled ? null : (
            <button
              type="button"
              aria-label={`Remove holiday ${String(i + 1)}`}
              className="grid size-7 place-items-center rounded text-muted hover:bg-surface hover:text-fg"
              onClick={() => onChange(holidays.filter((_, k) => k !== i))}
            >
              <X size={14} aria-hidden />
            </button>
          )}
        </div>
      ))}
      {disabled ? null : (
        <div>
          <Button size="sm" variant="ghost" onClick={() => onChange([...holidays, { date: '', name: '' }])}>
            <Plus size={14} aria-hidden /> Add a holiday
          </Button>
        </div>
      )}
      {error ? (
        <p id="sla-holidays-error" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
