// The thread header's label button (beside the thread's names and chips), the same before and
// after the menu's code has loaded. 24 px high (WCAG's least target size): in the names' line it
// must not make the header taller than its two rows on a phone.

export const LABEL_MENU_LABEL = 'Labels';
export const LABEL_TRIGGER =
  'inline-flex h-6 min-w-6 items-center gap-1 rounded-md border border-transparent px-1.5 text-xs text-muted hover:border-border hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent';
