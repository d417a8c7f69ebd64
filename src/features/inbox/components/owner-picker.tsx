import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import type { Conversation } from '@/contract';
import { teamQuery } from '@/data/session';
import { useAssignOwner } from '../api/conversation-actions';
import { UserText } from '@/components/ui/user-text';
import { HeaderMenu, MENU_ITEM, MenuReadState } from './header-menu';
import { OwnerFace, ownerMenuLabel, useOwnerName } from './header-menu-faces';

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
    <HeaderMenu label={ownerMenuLabel(ownerName)} face={<OwnerFace name={ownerName} />} heading="Assign to">
      <DropdownMenu.RadioGroup value={ownerId ?? ''} onValueChange={(value) => choose(value || null)}>
        <DropdownMenu.RadioItem value="" className={MENU_ITEM}>
          <span className="w-4">
            <DropdownMenu.ItemIndicator>
              <Check size={14} aria-hidden />
            </DropdownMenu.ItemIndicator>
          </span>
          Unassigned
        </DropdownMenu.RadioItem>
        {members.map((member) => (
          <DropdownMenu.RadioItem key={member.id} value={member.id} className={MENU_ITEM}>
            <span className="w-4">
              <DropdownMenu.ItemIndicator>
                <Check size={14} aria-hidden />
              </DropdownMenu.ItemIndicator>
            </span>
            <UserText>{member.name}</UserText>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
      <MenuReadState read={team} loading="Loading the team…" failed="The team could not be loaded." />
    </HeaderMenu>
  );
}
