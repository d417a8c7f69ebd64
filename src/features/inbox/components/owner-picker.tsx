import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import type { Conversation } from '@/contract';
import { teamQuery } from '@/data/session';
import { useAssignOwner } from '../api/conversation-actions';
import { UserText } from '@/components/ui/user-text';
import { MENU_TRIGGER, OwnerFace, ownerMenuLabel, useOwnerName } from './header-menu-faces';

const ITEM =
  'flex min-h-8 cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-surface data-[disabled]:opacity-50';

/** Who owns the thread: a menu of teammates plus "Unassigned"; the change shows at once. */
export function OwnerPicker({ conversation }: { conversation: Conversation }) {
  const team = useQuery(teamQuery());
  const assign = useAssignOwner(conversation.id);
  const ownerId = conversation.assigned_to_user_id ?? null;
  const members = team.data?.members ?? [];
  const ownerName = useOwnerName(conversation);

  const choose = (userId: string | null) => {
    if (userId === ownerId) return;
    assign.mutate({ userId });
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger aria-label={ownerMenuLabel(ownerName)} className={MENU_TRIGGER}>
        <OwnerFace name={ownerName} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-md border border-border bg-raised p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">Assign to</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={ownerId ?? ''} onValueChange={(value) => choose(value || null)}>
            <DropdownMenu.RadioItem value="" className={ITEM}>
              <span className="w-4">
                <DropdownMenu.ItemIndicator>
                  <Check size={14} aria-hidden />
                </DropdownMenu.ItemIndicator>
              </span>
              Unassigned
            </DropdownMenu.RadioItem>
            {members.map((member) => (
              <DropdownMenu.RadioItem key={member.id} value={member.id} className={ITEM}>
                <span className="w-4">
                  <DropdownMenu.ItemIndicator>
                    <Check size={14} aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                <UserText>{member.name}</UserText>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {team.isPending ? <p className="px-2 py-1.5 text-sm text-muted">Loading the team…</p> : null}
          {team.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-danger">
              The team could not be loaded.
            </p>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
