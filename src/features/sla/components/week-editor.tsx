import { Plus, X } from 'lucide-react';
import { WEEKDAYS } from '@/contract';
import { Button } from '@/components/ui/button';
import type { SlaFormValues } from '../sla-form-values';

type Week = SlaFormValues['week'];

const TIME =
  'h-8 w-20 rounded-md border border-border bg-bg px-2 text-sm tabular focus:border-accent focus:outline-none disabled:opacity-60';

/** Shifts per weekday: each a start and an end ("09:00", "24:00" for midnight at the day's end). */
export function WeekEditor({
  week,
  onChange,
  disabled,
  error,
}: {
  week: Week;
  onChange: (week: Week) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const setDay = (index: number, shifts: Week[number]) =>
    onChange(week.map((d, i) => (i === index ? shifts : d)));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'sla-week-error' : undefined}>
      <legend className="mb-1 text-[13px] font-medium text-muted">Opening hours</legend>
      {week.map((shifts, day) => {
        const name = WEEKDAYS[day]!;
        return (
          <div key={name} role="group" aria-label={name} className="flex flex-wrap items-center gap-2">
            <span className="w-24 text-sm">{name}</span>
            {shifts.length === 0 ? <span className="text-sm text-subtle">Closed</span> : null}
            {shifts.map((shift, i) => (
              <span key={i} className="inline-flex items-center gap-1">
                <ShiftEdge
                  label={`${name} shift ${String(i + 1)} opens`}
                  placeholder="09:00"
                  value={shift.start}
                  disabled={disabled}
                  onChange={(start) =>
                    setDay(
                      day,
                      shifts.map((s, k) => (k === i ? { ...s, start } : s)),
                    )
                  }
                />
                <span aria-hidden>–</span>
                <ShiftEdge
                  label={`${name} shift ${String(i + 1)} closes`}
                  placeholder="17:00"
                  value={shift.end}
                  disabled={disabled}
                  onChange={(end) =>
                    setDay(
                      day,
                      shifts.map((s, k) => (k === i ? { ...s, end } : s)),
                    )
                  }
                />
                {disabled ? null : (
                  <button
                    type="button"
                    aria-label={`Remove ${name} shift ${String(i + 1)}`}
                    className="grid size-7 place-items-center rounded text-muted hover:bg-surface hover:text-fg"
                    onClick={() =>
                      setDay(
                        day,
                        shifts.filter((_, k) => k !== i),
                      )
                    }
                  >
                    <X size={14} aria-hidden />
                  </button>
                )}
              </span>
            ))}
            {disabled ? null : (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Add a shift on ${name}`}
                onClick={() => setDay(day, [...shifts, { start: '09:00', end: '17:00' }])}
              >
                <Plus size={14} aria-hidden /> Shift
              </Button>
            )}
          </div>
        );
      })}
      <p className="text-xs text-subtle">
        Times in the workspace&apos;s time zone, 24-hour. A night shift is two shifts: 22:00–24:00, then
        00:00–06:00 the next day.
      </p>
      {error ? (
        <p id="sla-week-error" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * One end of a shift, typed as "09:00": a text field rather than a time input, since a shift may
 * end at "24:00" (midnight at the day's end), which a time input cannot hold.
 */
function ShiftEdge({
  label,
  placeholder,
  value,
  disabled,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <input
      aria-label={label}
      className={TIME}
      inputMode="numeric"
      placeholder={placeholder}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
