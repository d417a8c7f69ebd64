import { useQuery } from '@tanstack/react-query';
import { REFUSED_SHOWN, type ImportJob } from '@/contract/imports';
import { refusedRowsQuery } from '@/data/imports';
import { count } from '@/lib/format';

/**
 * The refused rows on screen, each with the reason, so a person can fix the file without opening
 * a download first; the report keeps them all (the first REFUSED_SHOWN are listed here).
 */
export function RefusedRows({ job }: { job: ImportJob }) {
  const refused = job.counts.refused;
  const list = useQuery({ ...refusedRowsQuery(job.id, refused), enabled: refused > 0 });
  if (refused === 0) return null;
  const rows = list.data?.rows ?? [];
  return (
    <section aria-labelledby="refused-rows" className="flex flex-col gap-1.5">
      <h3 id="refused-rows" className="text-sm font-semibold">
        Refused rows
      </h3>
      {list.isError ? (
        <p className="text-sm text-muted">The reasons could not be loaded: the report below has them.</p>
      ) : (
        <div className="max-h-64 overflow-y-auto rounded-md border border-border" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-surface text-xs text-muted">
              <tr>
                <th scope="col" className="w-20 px-3 py-1.5 font-medium">
                  Row
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Why
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.rowNumber} className="border-t border-border align-top">
                  <td className="px-3 py-1.5 tabular-nums">{r.rowNumber}</td>
                  <td className="break-words px-3 py-1.5">{r.reason ?? 'No reason given'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refused > REFUSED_SHOWN ? (
        <p className="text-xs text-muted">
          The first {count(REFUSED_SHOWN)} of {count(refused)}; the download below lists every one.
        </p>
      ) : null}
    </section>
  );
}
