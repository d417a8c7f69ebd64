import { Dialog } from '@/components/ui/dialog';

const SHORTCUTS: [string[], string][] = [
  [['j', '↓'], 'Next conversation'],
  [['k', '↑'], 'Previous conversation'],
  [['r', '/'], 'Write a reply'],
  [['u'], 'Mark the open conversation as unread'],
  [['z'], 'Snooze the open conversation'],
  [['Enter'], 'Send the message, or save the note'],
  [['Shift', 'Enter'], 'New line in the message or the note'],
  [['/'], 'Quick replies (at the start of the message)'],
  [['Esc'], 'Close panels and menus'],
  [['?'], 'Show this help'],
];

export default function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what} className="contents">
            <dt className="flex gap-1">
              {keys.map((key) => (
                <kbd
                  key={key}
                  className="rounded border border-border bg-surface px-1.5 py-0.5 font-mono text-xs"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-muted">{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
