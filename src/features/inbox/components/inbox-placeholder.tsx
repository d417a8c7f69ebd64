import { MessagesSquare } from 'lucide-react';
import { EmptyState } from '@/components/ui/states';

export function InboxPlaceholder() {
  return (
    <div className="flex flex-1 items-center justify-center">
      <EmptyState title="Pick a conversation" icon={<MessagesSquare size={28} />}>
        Choose a thread on the left, or press{' '}
        <kbd className="rounded border border-border px-1 text-xs">j</kbd> to open the first one.{' '}
        <kbd className="rounded border border-border px-1 text-xs">?</kbd> lists the shortcuts.
      </EmptyState>
    </div>
  );
}
