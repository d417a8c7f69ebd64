import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { importsQuery } from '@/data/imports';
import { count, relativeTime } from '@/lib/format';
import { KIND_WORDS, STATE_WORDS } from '../import-words';

// The latest imports of the team, so a paused or running one can be found again after the tab
// was closed.

export function ImportHistory() {
  const list = useQuery(importsQuery());
  const jobs = list.data?.data ?? [];
  if (list.isError) return <p className="text-sm text-muted">Earlier imports could not be loaded.</p>;
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="import-history" className="max-w-3xl">
      <h2 id="import-history" className="mb-2 text-sm font-semibold">
        Earlier imports
      </h2>
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted">
          <tr>
            <th className="py-1 font-medium">File</th>
            <th className="py-1 font-medium">State</th>
            <th className="py-1 font-medium">Rows</th>
            <th className="py-1 font-medium">When</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} className="border-t border-border">
              <td className="py-1.5">
                <Link to="/import" search={{ job: job.id }} className="text-accent hover:underline">
                  {job.fileName}
                </Link>{' '}
                <span className="text-muted">({KIND_WORDS[job.kind].toLowerCase()})</span>
              </td>
              <td className="py-1.5">{STATE_WORDS[job.state]}</td>
              <td className="py-1.5 tabular-nums">
                {count(job.total - job.counts.pending)} / {count(job.total)}
              </td>
              <td className="py-1.5 text-muted">{relativeTime(job.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
