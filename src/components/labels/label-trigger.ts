// The thread header's label button, the same before and after the menu's code has loaded.

export const LABEL_MENU_LABEL = 'Labels';
export const LABEL_TRIGGER =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-border bg-raised px-2.5 text-[13px] hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent';
