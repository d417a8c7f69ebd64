import { Link } from '@tanstack/react-router';
import type { Customer } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { cityCountry } from '@/lib/address';
import { TimeAgo } from '@/components/ui/time-labels';
import { resolveTags, type TagLike } from '@/lib/tags';
import { STATUS_LABELS, STATUS_TONES, TYPE_LABELS } from '../labels';
import { TagChips } from './tag-chips';
import { UserText } from '@/components/ui/user-text';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-subtle';
const TD = 'px-3 py-2 align-middle';

/** One row per customer; the name links to the customer's page. */
/** `tags` is undefined while the tag list loads: no chip says "Unknown tag" for a tag still on its way. */
export function CustomerTable({
  customers,
  tags,
}: {
  customers: Customer[];
  tags: Map<string, TagLike> | undefined;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] border-collapse text-sm">
        <caption className="sr-only">Customers</caption>
        <thead className="border-b border-border">
          <tr>
            <th scope="col" className={TH}>
              Name
            </th>
            <th scope="col" className={TH}>
              Company
            </th>
            <th scope="col" className={TH}>
              Type
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={TH}>
              City / country
            </th>
            <th scope="col" className={TH}>
              Tags
            </th>
            <th scope="col" className={TH}>
              Updated
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((c) => (
            <tr key={c.id} className="border-b border-border hover:bg-surface">
              <td className={TD}>
                <Link
                  to="/customers/$customerId"
                  params={{ customerId: c.id }}
                  className="inline-flex min-h-8 items-center font-medium text-fg hover:text-accent hover:underline"
                >
                  <UserText>{c.name}</UserText>
                </Link>
              </td>
              <td className={`${TD} text-muted`}>
                <UserText>{c.company_name}</UserText>
              </td>
              <td className={`${TD} text-muted`}>{c.customer_type ? TYPE_LABELS[c.customer_type] : ''}</td>
              <td className={TD}>
                <Badge tone={STATUS_TONES[c.status]}>{STATUS_LABELS[c.status]}</Badge>
              </td>
              <td className={`${TD} text-muted`}>{cityCountry(c.address)}</td>
              <td className={TD}>{tags ? <TagChips tags={resolveTags(c.tags, tags)} /> : null}</td>
              <td className={`${TD} whitespace-nowrap text-muted tabular-nums`}>
                <TimeAgo iso={c.updated_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
