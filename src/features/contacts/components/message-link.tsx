import { Link } from '@tanstack/react-router';
import { MessageSquare } from 'lucide-react';
import { threadToOpen, type Contact, type Conversation } from '@/contract';
import { messageTarget } from '../phone-digits';

const MESSAGE_CLASS =
  'inline-flex h-9 items-center gap-2 rounded-md bg-accent px-3.5 text-sm font-medium text-accent-fg hover:opacity-90';

/**
 * "Message" opens the contact's existing thread (the newest open one, else the newest); only a
 * contact with no thread goes to New conversation, with the number and name filled in.
 */
export function MessageLink({ contact, threads }: { contact: Contact; threads: readonly Conversation[] }) {
  const target = messageTarget(contact);
  const existing = threadToOpen(threads);
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
    <Link
      to="/inbox/new"
      search={{ to: target.to, name: target.name || undefined }}
      className={MESSAGE_CLASS}
    >
      <MessageSquare size={16} aria-hidden />
      Message
    </Link>
  );
}
