import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { downloadCsv } from '../table-csv';

interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** The value in the CSV (defaults to the cell when it is text or a number). */
  readonly csv?: (row: T) => string | number | null;
  readonly numeric?: boolean;
}

/** A report table with its caption and an "Export CSV" of exactly what it shows. */
export function ReportTable<T>({
  caption,
  file,
  rows,
  columns,
  empty,
}: {
  caption: string;
  file: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  empty: string;
}) {
  const exportIt = () =>
    downloadCsv(
      `${file}.csv`,
      columns.map((c) => c.header),
      rows.map((r) => columns.map((c) => (c.csv ? c.csv(r) : (c.cell(r) as string | number | null)))),
    );
  return (
    <section aria-label={caption} className="rounded-lg border border-border">
      <header className="flex items-center justify-between border-b border-border px-4 py-2">
        <h2 className="text-sm font-semibold">{caption}</h2>
        <button
          type="button"
          onClick={exportIt}
          disabled={rows.length === 0}
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs text-muted hover:bg-surface disabled:opacity-50"
        >
          <Download size={12} aria-hidden /> Export CSV
        </button>
      </header>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted">{empty}</p>
      ) : (
        // A table wider than a phone scrolls sideways: the box takes focus so the keyboard scrolls it too.
        <div
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent"
          tabIndex={0}
          role="group"
          aria-label={`${caption}, scrollable table`}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="text-left text-xs text-subtle">
                {columns.map((c) => (
                  <th
                    key={c.header}
                    scope="col"
                    className={`px-4 py-2 font-medium ${c.numeric ? 'text-right' : ''}`}
                  >
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="border-t border-border">
                  {columns.map((c) => (
                    <td key={c.header} className={`px-4 py-2 ${c.numeric ? 'text-right tabular-nums' : ''}`}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
