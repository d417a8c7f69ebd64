import { useId } from 'react';
import type { StageOutcome } from '@/lib/lead-stages';

const OPTIONS: { value: StageOutcome; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
];

/** One choice, so a stage can never be both won and lost. */
export function OutcomeField({
  value,
  onChange,
}: {
  value: StageOutcome;
  onChange: (outcome: StageOutcome) => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${id}-hint`}>
      <legend className="text-[13px] font-medium text-muted">Outcome</legend>
      <div className="flex gap-4">
        {OPTIONS.map((o) => (
          <label key={o.value} className="inline-flex min-h-8 items-center gap-1.5 text-sm">
            <input
              type="radio"
              name={id}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-xs text-subtle">
        A stage can be Won or Lost, not both. Won and lost stages end a lead's journey on the board.
      </p>
    </fieldset>
  );
}
