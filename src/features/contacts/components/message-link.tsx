import { Link } from '@tanstack/react-router';
import { MessageSquare } from 'lucide-react';
import type { Contact } from '@/contract';
import { Button } from '@/components/ui/button';
import { threadToOpen, useContactThreads } from '../api/contact-threads';
import { messageTarget } from '../phone-digits';

const MESSAGE_CLASS =
  'inline-flex h-9 items-center gap-2 rounded-md bg-accent px-3.5 text-sm font-medium text-accent-fg hover:opacity-90';

/**
 * "Message" opens the contact's existing thread (the newest open one, else the newest); only a
 * contact with no thread goes to New conversation, with the number and name filled in.
 */
export function MessageLink({ contact }: { contact: Contact }) {
  const threads = useContactThreads(contact);
  const target = messageTarget(contact);
  if (threads.isPending) {
    return (
      <Button variant="primary" disabled title="Looking for this contact’s conversations…">
        <MessageSquare size={16} aria-hidden />
        Message
      </Button>
    );
  }
  const existing = threads.threads ? threadToOpen(threads.threads) : null;
  if (existing) {
    return (
      <Link
        to="/inbox/$conversationId"
        params={{ conversationId: existing.id }}
        title={existing.status === 'open' ? 'Opens the conversation' : 'Opens the latest conversation'}
        className={MESSAGE_CLASS}
      >
        <MessageSquare size={16} aria-hidden />
        Message
      </Link>
    );
  }
  if (!target) {
    return (
      <p className="text-xs text-muted">
        To message this contact, add a mobile number with its country code.
      </p>
    );
  }
  return (
    <span className="flex flex-col items-end gap-1">
      <Link
        to="/inbox/new"
        search={{ to: target.to, name: target.name || undefined }}
        className={MESSAGE_CLASS}
      >
        <MessageSquare size={16} aria-hidden />
        Message
      </Link>
      {threads.isError ? (
        <span className="text-xs text-muted">Existing conversations could not be checked.</span>
      ) : null}
    </span>
  );
}
