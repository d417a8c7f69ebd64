import { Link } from '@tanstack/react-router';
import type { AuditEntry } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { UserText } from '@/components/ui/user-text';
import { exactTime, relativeTime } from '@/lib/format';
import { OUTCOME_LABELS, OUTCOME_TONES, actionDetail, recordLink } from '../audit-labels';
import { auditWords, type Segment } from '../audit-words';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-subtle';
const TD = 'px-3 py-2 align-top';

/** The record acted on, raw: a link to its page when it has one (and `linked`), else its id parameters. */
function RecordCell({ entry, linked }: { entry: AuditEntry; linked: boolean }) {
  if (entry.record === null) return null;
  const link = linked ? recordLink(entry.action, entry.record) : null;
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

/** A piece of the sentence: who in bold, a record by name (a link to its page when it has one). */
function Piece({ segment }: { segment: Segment }) {
  if (typeof segment === 'string') return <>{segment}</>;
  if ('who' in segment) return <UserText className="font-medium">{segment.who}</UserText>;
  return segment.link ? (
    <Link {...segment.link} className="text-accent hover:underline">
      <UserText>{segment.record}</UserText>
    </Link>
  ) : (
    <UserText className="font-medium">{segment.record}</UserText>
  );
}

/**
 * What happened: the entry in words ("Marco Manager moved lead Ana Silva to Qualified"), then for
 * the admins reading it, the raw call (who by account, the route id, its method and path, the
 * record's ids). An entry without words shows the raw call as the log holds it.
 */
function WhatHappened({ entry }: { entry: AuditEntry }) {
  const words = auditWords(entry);
  const detail = actionDetail(entry.action);
  const who =
    entry.username === null ? (
      <span className="text-subtle">Unknown</span>
    ) : (
      <UserText>{entry.username}</UserText>
    );
  return (
    <>
      {words ? (
        <p>
          {words.segments.map((segment, i) => (
            <Piece key={i} segment={segment} />
          ))}
        </p>
      ) : (
        <p>
          {who} <span className="font-mono text-xs">{entry.action}</span>
        </p>
      )}
      <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-subtle">
        {words ? <span>{who}</span> : null}
        {entry.role !== null ? <span className="capitalize">{entry.role}</span> : null}
        {words ? <code className="font-mono">{entry.action}</code> : null}
        {detail ? <span className="font-mono">{detail}</span> : null}
        <RecordCell entry={entry} linked={words === null} />
      </p>
    </>
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
              What happened
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
                <WhatHappened entry={entry} />
              </td>
              <td className={TD}>
                <Badge tone={OUTCOME_TONES[entry.outcome]} title={`HTTP ${String(entry.status)}`}>
                  {OUTCOME_LABELS[entry.outcome]}
                </Badge>
                <span className="block text-xs tabular-nums text-subtle">{entry.status}</span>
              </td>
              <td className={`${TD} whitespace-nowrap font-mono text-xs`}>{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
