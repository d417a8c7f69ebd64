import { useDraggable } from '@dnd-kit/core';
import { memo, type KeyboardEvent } from 'react';
import type { Lead } from '@/contract';
import { calendarDate, initials, money } from '@/lib/format';
import type { LeadDragData } from '../model/board-drop';
import { CardSelectBox, isPicked, useBoardPicking } from './board-bulk';
import { useBoardMovable } from './board-movable';
import { FollowUpBadge } from './follow-up-badge';
import { PriorityBadge } from './priority-badge';
import { UserText } from '@/components/ui/user-text';
import { ReminderDueFlag } from '@/components/reminders/reminder-due-flag';

/** Cards have one fixed height so the virtualised columns need no measuring. */
export const CARD_HEIGHT = 92;

interface CardBodyProps {
  lead: Lead;
  ownerName: string | undefined;
  /** One of the lead's activities asks for a follow-up (the BFF's flag on the card). */
  followUp: boolean;
}

/** Memoised: a drag re-renders every draggable card, but a card's body changes only with its lead. */
export const LeadCardBody = memo(function LeadCardBody({ lead, ownerName, followUp }: CardBodyProps) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="truncate font-medium">
          <UserText>{lead.name}</UserText>
        </span>
        {lead.value !== null && lead.value !== undefined ? (
          <span className="shrink-0 text-[13px] tabular-nums text-muted">
            {money(lead.value, lead.currency)}
          </span>
        ) : null}
      </div>
      <div className="truncate text-[13px] text-muted">
        {lead.company_name ? <UserText>{lead.company_name}</UserText> : '\u00a0'}
      </div>
      <div className="mt-auto flex items-center gap-1.5 overflow-hidden">
        <PriorityBadge priority={lead.priority} />
        {followUp ? <FollowUpBadge /> : null}
        <ReminderDueFlag kind="lead" id={lead.id} />
        {lead.expected_close_date ? (
          <span className="shrink-0 whitespace-nowrap text-xs text-subtle" title="Expected close">
            {calendarDate(lead.expected_close_date)}
          </span>
        ) : null}
        <span
          className="ml-auto grid size-6 shrink-0 place-items-center rounded-full bg-surface text-[11px] font-medium text-muted"
          title={ownerName ? `Owner: ${ownerName}` : 'Unassigned'}
          aria-hidden
        >
          {ownerName ? initials(ownerName) : '–'}
        </span>
      </div>
    </>
  );
});

const CARD_CLASS =
  'flex flex-col gap-1 rounded-md border py-2 pr-3 text-left shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-accent';

/** Whether the card has a box beside it (bulk actions), and whether it is picked. */
type Pick = 'none' | 'off' | 'on';

// The left padding leaves room for the box, which sits over the card's edge (see CardSelectBox). A
// picked card is ringed, not tinted: the card's muted text keeps its contrast on the plain surface.
const cardClass = (pick: Pick) =>
  `${CARD_CLASS} bg-raised ${pick === 'none' ? 'pl-3' : 'pl-8'} ${pick === 'on' ? 'border-accent ring-1 ring-accent' : 'border-border'}`;

interface LeadCardProps {
  lead: Lead;
  followUp: boolean;
  /** The column the card sits in (a stage key or UNMATCHED). */
  column: string;
  ownerName: string | undefined;
  onOpen: (id: string) => void;
}

/**
 * A card on the board: draggable when the role may move leads, otherwise a plain button that only
 * opens the lead (no drag attributes, so nothing announces a pick-up that would be refused).
 */
export const LeadCard = memo(function LeadCard(props: LeadCardProps) {
  const Card = useBoardMovable() ? DraggableLeadCard : StaticLeadCard;
  const picking = useBoardPicking();
  if (!picking) return <Card {...props} pick="none" />;
  const { lead } = props;
  return (
    <div className="group relative">
      <Card {...props} pick={isPicked(picking, lead.id) ? 'on' : 'off'} />
      <CardSelectBox id={lead.id} name={lead.name} picking={picking} />
    </div>
  );
});

const cardLabel = (lead: Lead) => `${lead.name}${lead.company_name ? `, ${lead.company_name}` : ''}`;

/** Pointer, touch, or Space then arrows then Space; click or Enter opens it. */
function DraggableLeadCard({
  lead,
  followUp,
  column,
  ownerName,
  onOpen,
  pick,
}: LeadCardProps & { pick: Pick }) {
  const data: LeadDragData = { type: 'lead', lead, followUp, from: column };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: lead.id, data });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(lead.id);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(lead.id)}
      aria-label={cardLabel(lead)}
      data-lead-card={lead.id}
      style={{ height: CARD_HEIGHT - 8 }}
      className={`${cardClass(pick)} cursor-grab touch-manipulation ${isDragging ? 'opacity-40' : ''}`}
    >
      <LeadCardBody lead={lead} ownerName={ownerName} followUp={followUp} />
    </div>
  );
}

/** Click, Enter or Space opens it; nothing else. */
function StaticLeadCard({ lead, followUp, ownerName, onOpen, pick }: LeadCardProps & { pick: Pick }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpen(lead.id);
  };
  return (
    // A div with a button role, not a <button>: the card body holds block content and a badge.
    <div
      role="button"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(lead.id)}
      aria-label={cardLabel(lead)}
      data-lead-card={lead.id}
      style={{ height: CARD_HEIGHT - 8 }}
      className={`${cardClass(pick)} cursor-pointer`}
    >
      <LeadCardBody lead={lead} ownerName={ownerName} followUp={followUp} />
    </div>
  );
}

/** What follows the pointer while dragging. */
export function LeadCardPreview({
  lead,
  followUp,
  ownerName,
}: {
  lead: Lead;
  followUp: boolean;
  ownerName: string | undefined;
}) {
  return (
    <div
      style={{ height: CARD_HEIGHT - 8 }}
      className={`${cardClass('none')} w-64 cursor-grabbing shadow-lg`}
    >
      <LeadCardBody lead={lead} ownerName={ownerName} followUp={followUp} />
    </div>
  );
}
