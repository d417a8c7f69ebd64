import { useMemo } from 'react';
import {
  checkImportRow,
  FIRST_DATA_ROW,
  IMPORT_FIELDS,
  type ImportKind,
  type RowContext,
} from '@/contract/imports';
import { Select } from '@/components/ui/field';
import { mapRow, type ColumnMapping } from '../column-mapping';

// The file's columns and the field each fills (a select per column, guessed from the headers),
// with a preview of the first rows as they would be sent and whether each passes the check.

const PREVIEW_ROWS = 5;

export function MappingTable({
  kind,
  headers,
  rows,
  mapping,
  onChange,
}: {
  kind: ImportKind;
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const fields = IMPORT_FIELDS[kind];
  const sample = (i: number) => rows.find((r) => (r[i] ?? '').trim() !== '')?.[i] ?? '';
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left text-sm font-semibold">Columns</caption>
      <thead className="text-xs text-muted">
        <tr>
          <th className="py-1 font-medium">Column in the file</th>
          <th className="py-1 font-medium">Example</th>
          <th className="py-1 font-medium">Imported as</th>
        </tr>
      </thead>
      <tbody>
        {headers.map((header, i) => (
          <tr key={`${header}-${String(i)}`} className="border-t border-border">
            <th scope="row" className="py-1.5 pr-3 font-medium">
              {header || `Column ${String(i + 1)}`}
            </th>
            <td className="max-w-48 truncate py-1.5 pr-3 text-muted">{sample(i)}</td>
            <td className="py-1.5">
              <Select
                aria-label={`Import "${header || `Column ${String(i + 1)}`}" as`}
                value={mapping[i] ?? ''}
                onChange={(e) => {
                  const next = [...mapping];
                  // A field fills from one column: choosing it here frees it elsewhere.
                  const key = e.target.value;
                  next.forEach((k, j) => {
                    if (key && k === key) next[j] = '';
                  });
                  next[i] = key;
                  onChange(next);
                }}
              >
                <option value="">Don’t import</option>
                {fields.map((f) => (
                  <option key={f.key} value={f.key}>
                    {f.label}
                    {f.required ? ' (required)' : ''}
                  </option>
                ))}
              </Select>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PreviewTable({
  kind,
  rows,
  mapping,
  ctx,
}: {
  kind: ImportKind;
  rows: readonly (readonly string[])[];
  mapping: ColumnMapping;
  ctx: RowContext;
}) {
  const fields = IMPORT_FIELDS[kind].filter((f) => mapping.includes(f.key));
  const preview = useMemo(
    () =>
      rows.slice(0, PREVIEW_ROWS).map((r, i) => {
        const cells = mapRow(r, mapping);
        const check = checkImportRow(kind, cells, ctx);
        return { row: i + FIRST_DATA_ROW, cells, errors: check.ok ? [] : check.errors };
      }),
    [rows, mapping, kind, ctx],
  );
  if (fields.length === 0) return null;
  return (
    // Scrolls sideways when the file has more columns than fit; the keyboard can scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label="Preview, scrollable table">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-sm font-semibold">
          Preview of the first {Math.min(PREVIEW_ROWS, rows.length)} rows
        </caption>
        <thead className="text-xs text-muted">
          <tr>
            <th className="py-1 pr-3 font-medium">Row</th>
            {fields.map((f) => (
              <th key={f.key} className="py-1 pr-3 font-medium whitespace-nowrap">
                {f.label}
              </th>
            ))}
            <th className="py-1 font-medium">Check</th>
          </tr>
        </thead>
        <tbody>
          {preview.map((p) => (
            <tr key={p.row} className="border-t border-border align-top">
              <td className="py-1.5 pr-3 text-muted tabular-nums">{p.row}</td>
              {fields.map((f) => (
                <td key={f.key} className="max-w-40 truncate py-1.5 pr-3">
                  {p.cells[f.key]}
                </td>
              ))}
              <td className={`py-1.5 ${p.errors.length ? 'text-danger' : 'text-success'}`}>
                {p.errors.length ? p.errors.join('; ') : 'OK'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
