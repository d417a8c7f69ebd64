import type { Lead, LeadStage } from '@/contract';
import { UserText } from '@/components/ui/user-text';
import { calendarDate, money } from '@/lib/format';
import { PriorityBadge } from './priority-badge';

const HEADINGS = ['Name', 'Company', 'Stage', 'Priority', 'Value', 'Owner', 'Expected close'];
const TD = 'border-b border-border px-2 py-1.5';

interface LeadTableProps {
  rows: readonly Lead[];
  caption: string;
  stages: readonly LeadStage[];
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

/** Leads as table rows; a name opens the lead. */
export function LeadTable({ rows, caption, stages, ownerNames, onOpen }: LeadTableProps) {
  const stageName = new Map(stages.map((s) => [s.key, s.name]));
  return (
    <table className="w-full border-separate border-spacing-0 text-left text-[13px]">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-bg text-xs text-muted">
        <tr>
          {HEADINGS.map((h) => (
            <th
              key={h}
              scope="col"
              className={`border-b border-border px-2 py-2 font-medium ${h === 'Value' ? 'text-right' : ''}`}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((lead) => (
          <tr key={lead.id} className="hover:bg-surface">
            <td className={TD}>
              <button
                type="button"
                className="min-h-8 text-left font-medium hover:underline"
                onClick={() => onOpen(lead.id)}
              >
                <UserText>{lead.name}</UserText>
              </button>
            </td>
            <td className={`${TD} text-muted`}>
              <UserText>{lead.company_name}</UserText>
            </td>
            <td className={TD}>
              {stageName.get(lead.status) ?? <span className="text-warning">Unmatched ({lead.status})</span>}
            </td>
            <td className={TD}>
              <PriorityBadge priority={lead.priority} />
            </td>
            <td className={`${TD} text-right tabular-nums`}>{money(lead.value, lead.currency)}</td>
            <td className={`${TD} text-muted`}>
              {lead.assigned_to_user_id ? (
                <UserText>{ownerNames.get(lead.assigned_to_user_id) ?? 'Unknown'}</UserText>
              ) : (
                'Unassigned'
              )}
            </td>
            <td className={`${TD} text-muted`}>{calendarDate(lead.expected_close_date)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
