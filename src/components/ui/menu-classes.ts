// The look of a dropdown menu's parts (Radix's, in the thread header, Remind me, the status menu).

export const MENU_ITEM =
  'flex min-h-8 cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-surface data-[disabled]:opacity-50';
