import { Link } from '@tanstack/react-router';
import type { AuditEntry } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { UserText } from '@/components/ui/user-text';
import { exactTime, relativeTime } from '@/lib/format';
import { OUTCOME_LABELS, OUTCOME_TONES, actionDetail, recordLink } from '../audit-labels';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-subtle';
const TD = 'px-3 py-2 align-top';

/** The record acted on: a link to its page when it has one, else its id parameters. */
function RecordCell({ entry }: { entry: AuditEntry }) {
  if (entry.record === null) return <span className="text-subtle">—</span>;
  const link = recordLink(entry.action, entry.record);
  const text = Object.entries(entry.record)
    .map(([key, value]) => (key === 'id' ? value : `${key} ${value}`))
    .join(', ');
  return link ? (
    <Link {...link} className="font-mono text-xs text-accent hover:underline">
      {text}
    </Link>
  ) : (
    <span className="font-mono text-xs">{text}</span>
  );
}

/** One row per audited call or sign-in, newest first. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[60rem] border-collapse text-sm">
        <caption className="sr-only">Audit log, newest first</caption>
        <thead className="border-b border-border">
          <tr>
            <th scope="col" className={TH}>
              When
            </th>
            <th scope="col" className={TH}>
              Who
            </th>
            <th scope="col" className={TH}>
              Action
            </th>
            <th scope="col" className={TH}>
              Record
            </th>
            <th scope="col" className={TH}>
              Outcome
            </th>
            <th scope="col" className={TH}>
              From
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-border last:border-b-0">
              <td className={`${TD} whitespace-nowrap`}>
                <time dateTime={entry.at} title={exactTime(entry.at)}>
                  {exactTime(entry.at)}
                </time>
                <span className="block text-xs text-subtle">{relativeTime(entry.at)}</span>
              </td>
              <td className={TD}>
                {entry.username === null ? (
                  <span className="text-subtle">Unknown</span>
                ) : (
                  <UserText>{entry.username}</UserText>
                )}
                {entry.role !== null ? (
                  <span className="block text-xs capitalize text-subtle">{entry.role}</span>
                ) : null}
              </td>
              <td className={TD}>
                <span className="font-mono text-xs">{entry.action}</span>
                {actionDetail(entry.action) ? (
                  <span className="block text-xs text-subtle">{actionDetail(entry.action)}</span>
                ) : null}
              </td>
              <td className={TD}>
                <RecordCell entry={entry} />
              </td>
              <td className={TD}>
                <Badge tone={OUTCOME_TONES[entry.outcome]} title={`HTTP ${String(entry.status)}`}>
                  {OUTCOME_LABELS[entry.outcome]}
                </Badge>
                <span className="block text-xs tabular-nums text-subtle">{entry.status}</span>
              </td>
              <td className={`${TD} font-mono text-xs`}>{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
