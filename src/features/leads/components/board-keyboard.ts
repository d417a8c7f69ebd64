import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Arrow keys move a picked-up card a whole column at a time (left/right), so a keyboard user
 * reaches any stage in a few presses. Up and down do nothing: order within a column is the
 * server's (newest first), not the user's.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  if (event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, rect: droppableRects.get(c.id) }))
    .filter((c): c is { id: typeof c.id; rect: NonNullable<typeof c.rect> } => c.rect !== undefined)
    .sort((a, b) => a.rect.left - b.rect.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const currentIndex = over
    ? columns.findIndex((c) => c.id === over.id)
    : columns.findIndex((c) => centre >= c.rect.left && centre <= c.rect.left + c.rect.width);
  const step = event.code === KeyboardCode.Right ? 1 : -1;
  const target = columns[currentIndex + step];
  if (!target) return undefined;
  const dx = target.rect.left + (target.rect.width - collisionRect.width) / 2 - collisionRect.left;
  return { x: currentCoordinates.x + dx, y: currentCoordinates.y };
};
