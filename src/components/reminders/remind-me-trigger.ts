// The "Remind me" button's name and look, apart from its menu: a place that loads the menu's code
// later draws the same button meanwhile (src/features/inbox/components/remind-me-menu.tsx).

/** The button's accessible name, the same for its stand-in while the menu's code loads. */
export const REMIND_ME_LABEL = 'Remind me';

/** The thread header's menu buttons' look, unless the place gives its own. */
export const REMIND_TRIGGER =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-border bg-raised px-2.5 text-[13px] hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50';
