import { useQuery } from '@tanstack/react-query';
import { calendarDate, count } from '@/lib/format';
import { customerFieldsQuery, type CustomFieldDescription } from '../api/customers';

/** "account_tier" → "Account tier": a label for a field no description names. */
export function labelOfKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A custom field's value as text, by its described type when there is one. */
export function formatFieldValue(value: unknown, type?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  if (type === 'date' && typeof value === 'string') return calendarDate(value);
  if (typeof value === 'number') return count(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return type === 'select' ? labelOfKey(value) : value;
  return JSON.stringify(value);
}

interface Row {
  key: string;
  label: string;
  value: string;
}

/** Described fields first, in the described order; then any other key the record carries. */
export function customFieldRows(
  values: Record<string, unknown> | null | undefined,
  descriptions: readonly CustomFieldDescription[],
): Row[] {
  const data = values ?? {};
  const described = new Set(descriptions.map((d) => d.key));
  const rows: Row[] = descriptions
    .filter((d) => d.key in data)
    .map((d) => ({
      key: d.key,
      label: d.label || labelOfKey(d.key),
      value: formatFieldValue(data[d.key], d.type),
    }));
  for (const [key, value] of Object.entries(data)) {
    if (!described.has(key)) rows.push({ key, label: labelOfKey(key), value: formatFieldValue(value) });
  }
  return rows;
}

export function CustomFields({ values }: { values: Record<string, unknown> | null | undefined }) {
  // Without descriptions (still loading, or failed) the fields show as plain key and value.
  const fields = useQuery(customerFieldsQuery());
  const rows = customFieldRows(values, fields.data ?? []);
  return (
    <section aria-labelledby="custom-fields-title" className="rounded-lg border border-border bg-raised p-4">
      <h2 id="custom-fields-title" className="mb-2 font-semibold">
        Custom fields
      </h2>
      {rows.length === 0 ? (
        <p className="text-muted">No custom fields on this customer.</p>
      ) : (
        <dl className="text-sm">
          {rows.map((row) => (
            <div key={row.key} className="grid grid-cols-[8rem_1fr] gap-2 py-1">
              <dt className="text-muted">{row.label}</dt>
              <dd className="min-w-0 break-words tabular-nums">
                {row.value || <span className="text-subtle">—</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
