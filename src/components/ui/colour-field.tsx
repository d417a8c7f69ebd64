import { Field, Input } from '@/components/ui/field';

const SWATCHES = ['#64748b', '#3b82f6', '#8b5cf6', '#06b6d4', '#22c55e', '#f59e0b', '#f97316', '#ef4444'];
const SWATCH_NAMES: Record<string, string> = {
  '#64748b': 'Slate',
  '#3b82f6': 'Blue',
  '#8b5cf6': 'Violet',
  '#06b6d4': 'Cyan',
  '#22c55e': 'Green',
  '#f59e0b': 'Amber',
  '#f97316': 'Orange',
  '#ef4444': 'Red',
};

/** A colour input plus a few swatches; the value is a hex colour as the API stores it. */
export function ColourField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (hex: string) => void;
  error?: string | undefined;
}) {
  return (
    <Field label="Colour" error={error}>
      {(props) => (
        <div className="flex flex-wrap items-center gap-2">
          <div className="w-14">
            <Input
              {...props}
              type="color"
              value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#64748b'}
              onChange={(e) => onChange(e.target.value)}
              className="p-1"
            />
          </div>
          <div role="group" aria-label="Colour swatches" className="flex gap-1">
            {SWATCHES.map((hex) => (
              <button
                key={hex}
                type="button"
                aria-label={SWATCH_NAMES[hex]}
                aria-pressed={value.toLowerCase() === hex}
                onClick={() => onChange(hex)}
                className="size-8 rounded-md border-2 border-transparent aria-pressed:border-fg"
                style={{ background: hex }}
              />
            ))}
          </div>
        </div>
      )}
    </Field>
  );
}
