import { useId } from 'react';
import type { Group } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { UserText } from '@/components/ui/user-text';
import { phone } from '@/lib/phone';

/** Who is in the group, with their role. */
export function Participants({ group }: { group: Group }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-[13px] font-semibold text-muted">
        Participants ({group.participants.length})
      </h3>
      {group.participants.length === 0 ? (
        <p className="text-muted">No participants.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {group.participants.map((p) => (
            <li key={p.phone} className="flex items-center gap-2 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  <UserText>{p.name || 'Unnamed participant'}</UserText>
                </p>
                <p className="text-xs text-muted tabular-nums">{phone(p.phone)}</p>
              </div>
              <Badge tone={p.role === 'member' ? 'neutral' : 'accent'}>{roleLabel(p.role)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const roleLabel = (role: string) =>
  role === 'superadmin' ? 'Owner' : role.charAt(0).toUpperCase() + role.slice(1);
