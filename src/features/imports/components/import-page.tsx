import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ImportHistory } from './import-history';
import { ImportJobPanel } from './import-job-panel';
import { ImportWizard } from './import-wizard';

// `/import`: a CSV file of leads or of customers with their contacts, into the CRM. Choosing and
// checking a file makes a job (`?job=`); the job's page shows its progress and report, and stays
// reachable from the list of earlier imports. Managers and admins.

export function ImportPage() {
  const search = useSearch({ from: '/import' });
  const navigate = useNavigate({ from: '/import' });
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Import from CSV</h1>
        <p className="text-sm text-muted">
          Leads, or customers with a contact per row. Every row is checked before anything is sent, and you
          choose what happens to rows that match an existing record.
        </p>
      </header>
      <div className="flex flex-col gap-8 px-6 py-5">
        {search.job ? (
          <>
            <ImportJobPanel id={search.job} />
            <Link to="/import" search={{}} className="text-sm text-accent hover:underline">
              ← All imports
            </Link>
          </>
        ) : (
          <ImportWizard
            kind={search.kind ?? 'leads'}
            onKind={(kind) => void navigate({ search: { kind }, replace: true })}
            onCreated={(job) => void navigate({ search: { job: job.id } })}
          />
        )}
        <ImportHistory />
      </div>
    </div>
  );
}
