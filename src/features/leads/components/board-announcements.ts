import type { Announcements } from '@dnd-kit/core';
import { useMemo, useRef } from 'react';
import { UNMATCHED, isColumnDrop, isLeadDrag } from '../model/board-drop';

// Spoken, never shown: names need no direction isolation here (the live region is visually hidden).
const leadName = (data: unknown) => (isLeadDrag(data) ? data.lead.name : 'lead');
const overColumn = (data: unknown) => (isColumnDrop(data) ? data : null);

/**
 * What the board says to screen readers while a card is dragged. dnd-kit reports the card's own
 * column as the first "over" right after the pick-up; announcing that would replace "Picked up …"
 * in the live region before it is read, so a column is announced only when the card reaches one
 * it was not over before.
 */
export function useBoardAnnouncements(stageName: (key: string) => string): Announcements {
  const lastOver = useRef<string | null>(null);
  return useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => {
        const data = active.data.current;
        lastOver.current = isLeadDrag(data) ? data.from : null;
        const from = isLeadDrag(data)
          ? data.from === UNMATCHED
            ? ' from Unmatched'
            : ` from stage ${stageName(data.from)}`
          : '';
        return `Picked up lead ${leadName(data)}${from}. Use the left and right arrow keys to choose a stage.`;
      },
      onDragOver: ({ active, over }) => {
        const column = overColumn(over?.data.current);
        const key = column?.column ?? null;
        if (key === lastOver.current) return undefined;
        lastOver.current = key;
        return column
          ? `Lead ${leadName(active.data.current)} was moved over stage ${column.name}.`
          : `Lead ${leadName(active.data.current)} is no longer over a stage.`;
      },
      onDragEnd: ({ active, over }) => {
        lastOver.current = null;
        const column = overColumn(over?.data.current);
        const data = active.data.current;
        if (!column) return `Lead ${leadName(data)} was dropped outside the stages: nothing moved.`;
        if (isLeadDrag(data) && data.from === column.column)
          return `Lead ${leadName(data)} was dropped back on stage ${column.name}: nothing moved.`;
        return `Lead ${leadName(data)} was dropped on stage ${column.name}.`;
      },
      onDragCancel: ({ active }) => {
        lastOver.current = null;
        return `Moving lead ${leadName(active.data.current)} was cancelled.`;
      },
    }),
    [stageName],
  );
}
