import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { MENU_TRIGGER } from './header-menu-faces';

export { MENU_ITEM } from '@/components/ui/menu-classes';

interface HeaderMenuProps {
  /** The button's accessible name. */
  label: string;
  /** What the button shows (header-menu-faces.tsx, shared with its stand-in while this loads). */
  face: ReactNode;
  /** The line above the items: "Assign to". */
  heading: string;
  children: ReactNode;
}

/** One of the thread header's menus (owner, AI): its button, and its items in a list under it. */
export function HeaderMenu({ label, face, heading, children }: HeaderMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger aria-label={label} className={MENU_TRIGGER}>
        {face}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-md border border-border bg-raised p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">{heading}</DropdownMenu.Label>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The menu's list while the team's read is on its way, or when it failed. */
export function MenuReadState({
  read,
  loading,
  failed,
}: {
  read: { isPending: boolean; isError: boolean };
  loading: string;
  failed: string;
}) {
  if (read.isPending) return <p className="px-2 py-1.5 text-sm text-muted">{loading}</p>;
  if (read.isError)
    return (
      <p role="alert" className="px-2 py-1.5 text-sm text-danger">
        {failed}
      </p>
    );
  return null;
}
