import { useState } from 'react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, Download } from 'lucide-react';
import type { ImportJob } from '@/contract/imports';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { errorText } from '@/components/ui/states';
import { actOnImport, importJobQuery, type ImportAction } from '@/data/imports';
import { bffUrl } from '@/lib/api-client';
import { count, exactTime } from '@/lib/format';
import { KIND_WORDS, POLICY_WORDS, rowsWord, STATE_WORDS } from '../import-words';
import { RefusedRows } from './refused-rows';

// One import: what the check found, then its progress while the BFF sends it, and what became of
// every row. Start, pause, resume and cancel; the report downloads at any time.

function Counts({ job }: { job: ImportJob }) {
  const { counts } = job;
  const items = [
    ['Waiting', counts.pending],
    ['Created', counts.created],
    ['Updated', counts.updated],
    ['Skipped', counts.skipped],
    ['Refused', counts.refused],
  ] as const;
  return (
    <dl className="grid grid-cols-5 gap-2 text-center">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-border px-2 py-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{count(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReportLinks({ job }: { job: ImportJob }) {
  const link = 'inline-flex items-center gap-1.5 text-sm text-accent hover:underline';
  return (
    <div className="flex flex-wrap gap-4">
      {job.counts.refused > 0 ? (
        <a
          className={link}
          href={bffUrl('imports.report', { params: { id: job.id }, query: { outcome: 'refused' } })}
          download
        >
          <Download size={14} aria-hidden />
          Download the refused {job.counts.refused === 1 ? 'row' : 'rows'} ({count(job.counts.refused)}) and
          why
        </a>
      ) : null}
      <a className={link} href={bffUrl('imports.report', { params: { id: job.id } })} download>
        <Download size={14} aria-hidden />
        Download the full report
      </a>
    </div>
  );
}

const ACTIONS: Readonly<Record<ImportJob['state'], readonly { action: ImportAction; label: string }[]>> = {
  ready: [
    { action: 'start', label: 'Start import' },
    { action: 'cancel', label: 'Cancel' },
  ],
  running: [
    { action: 'pause', label: 'Pause' },
    { action: 'cancel', label: 'Cancel' },
  ],
  paused: [
    { action: 'start', label: 'Resume' },
    { action: 'cancel', label: 'Cancel' },
  ],
  done: [],
  cancelled: [],
};

export function ImportJobPanel({ id }: { id: string }) {
  const queryClient = useQueryClient();
  // The route's loader has read the job; while it runs, the query asks again every second.
  const { data } = useSuspenseQuery(importJobQuery(id));
  const [busy, setBusy] = useState<ImportAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const done = data.total - data.counts.pending;
  const act = async (action: ImportAction) => {
    setBusy(action);
    setFailure(null);
    try {
      await actOnImport(queryClient, id, action);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="import-title" className="flex max-w-3xl flex-col gap-4">
      <div>
        <h2 id="import-title" className="text-base font-semibold">
          {data.fileName}
        </h2>
        <p className="text-sm text-muted">
          {KIND_WORDS[data.kind]} · {rowsWord(data.total)} · by {data.createdBy} · {exactTime(data.createdAt)}
        </p>
      </div>
      <p role="status" className="text-sm">
        <span className="font-medium">{STATE_WORDS[data.state]}.</span>{' '}
        {data.state === 'ready'
          ? `${rowsWord(data.counts.pending)} to send; ${count(data.duplicatesFound)} of them match an existing record or an earlier row by email or phone and will be ${POLICY_WORDS[data.duplicates]}. Nothing has been sent yet.`
          : `${count(done)} of ${rowsWord(data.total)} done.`}
      </p>
      {data.state !== 'ready' ? (
        <div
          role="progressbar"
          aria-label="Rows done"
          aria-valuemin={0}
          aria-valuemax={data.total}
          aria-valuenow={done}
          className="h-2 overflow-hidden rounded-full bg-surface"
        >
          <div
            className="h-full bg-accent transition-[width]"
            style={{ width: `${(done / Math.max(1, data.total)) * 100}%` }}
          />
        </div>
      ) : null}
      <Counts job={data} />
      {data.state === 'paused' && data.pausedReason ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm"
        >
          <AlertTriangle size={16} className="mt-0.5 shrink-0 text-danger" aria-hidden />
          {data.pausedReason} The rows done so far are kept; Resume goes on at the next row.
        </p>
      ) : null}
      <FormAlert message={failure} />
      <div className="flex flex-wrap items-center gap-2">
        {ACTIONS[data.state].map(({ action, label }) => (
          <Button
            key={action}
            variant={action === 'start' ? 'primary' : action === 'cancel' ? 'ghost' : 'secondary'}
            disabled={busy !== null}
            onClick={() => void act(action)}
          >
            {busy === action ? `${label}…` : label}
          </Button>
        ))}
        {data.state === 'done' || data.state === 'cancelled' ? (
          <Link to="/import" search={{ kind: data.kind }} className="text-sm text-accent hover:underline">
            Import another file
          </Link>
        ) : null}
      </div>
      <RefusedRows job={data} />
      <ReportLinks job={data} />
    </section>
  );
}
