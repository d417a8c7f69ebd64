import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Field, Input, Select } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { apiFieldErrors, errorsByPath } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import { channelsQuery } from '@/data/channels';
import { useStartConversation } from '../api/send';
import { useKeyKeeper } from '@/lib/idempotent-call';
import { checkPhone } from '../phone-input';
import { TemplatePicker } from './template-picker';

interface NewConversationProps {
  channelId?: string | undefined;
  to?: string | undefined;
  name?: string | undefined;
}

/**
 * Starts a thread on a primary-platform channel: a new contact is outside the 24-hour window, so
 * the first message is a template. The number is checked and normalised to E.164 digits first.
 */
export function NewConversation({ channelId, to, name }: NewConversationProps) {
  const { data: channels } = useSuspenseQuery(channelsQuery());
  const navigate = useNavigate();
  const start = useStartConversation();
  const keys = useKeyKeeper();
  const mayStart = useCan()('conversations.send');
  const whatsapp = channels.channels.filter((c) => c.platform === 'whatsapp');
  const [chosenChannel, setChosenChannel] = useState<string | undefined>(channelId);
  const channel = whatsapp.find((c) => c.id === chosenChannel) ?? whatsapp[0];
  // A number handed over in the link without a plus sign is already in E.164 digits.
  const [phoneText, setPhoneText] = useState(() => (to && /^\d+$/.test(to) ? `+${to}` : (to ?? '')));
  const [contactName, setContactName] = useState(name ?? '');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const phoneCheck = checkPhone(phoneText);
  const phoneError = phoneTouched && !phoneCheck.ok ? phoneCheck.message : serverErrors['to'];

  return (
    <section
      aria-labelledby="new-conversation-title"
      className="flex min-h-0 flex-1 flex-col overflow-y-auto"
    >
      <header className="flex h-12 shrink-0 items-center gap-2 border-b border-border px-3">
        <Link
          to="/inbox"
          search={true}
          aria-label="Back to conversations"
          className="grid size-8 place-items-center rounded hover:bg-surface md:hidden"
        >
          <ArrowLeft size={16} aria-hidden />
        </Link>
        <h2 id="new-conversation-title" className="text-base font-semibold">
          New conversation
        </h2>
      </header>
      {!mayStart ? (
        <p className="p-4 text-muted">Only {whoCan('conversations.send')} can start conversations.</p>
      ) : whatsapp.length === 0 || !channel ? (
        <p className="p-4 text-muted">
          No WhatsApp channel is connected, so a conversation cannot be started here.
        </p>
      ) : (
        <div className="flex max-w-xl flex-col gap-4 p-4">
          <Field label="Channel">
            {(props) => (
              <Select {...props} value={channel.id} onChange={(e) => setChosenChannel(e.target.value)}>
                {whatsapp.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Phone number"
            error={phoneError}
            hint={
              phoneCheck.ok
                ? `Will be sent to ${phoneCheck.display}`
                : 'With the country code, e.g. +44 7911 123456'
            }
          >
            {(props) => (
              <Input
                {...props}
                type="tel"
                autoComplete="tel"
                value={phoneText}
                onChange={(e) => {
                  setPhoneText(e.target.value);
                  setServerErrors({});
                }}
                onBlur={() => setPhoneTouched(true)}
              />
            )}
          </Field>
          <Field label="Contact name" error={serverErrors['contactName']}>
            {(props) => (
              <Input
                {...props}
                value={contactName}
                onChange={(e) => setContactName(e.target.value)}
                maxLength={200}
              />
            )}
          </Field>
          <div className="flex flex-col gap-1">
            <h3 className="text-[13px] font-medium text-muted">First message (template)</h3>
            <p className="text-xs text-subtle">
              A new contact is outside the 24-hour window: the first message must be an approved template.
            </p>
          </div>
          <TemplatePicker
            key={channel.id}
            channelId={channel.id}
            sendLabel="Start conversation"
            sending={start.isPending}
            onSend={(template) => {
              setPhoneTouched(true);
              if (!phoneCheck.ok) return;
              const input = {
                channelId: channel.id,
                to: phoneCheck.digits,
                contactName: contactName.trim() || undefined,
                template,
              };
              start.mutate(
                // The same start pressed again (a double click, after an unknown outcome) is one send.
                { ...input, key: keys.keyFor(input) },
                {
                  onSuccess: (message) => {
                    keys.done();
                    notify.success('Conversation started');
                    void navigate({
                      from: '/inbox/new',
                      to: '/inbox/$conversationId',
                      params: { conversationId: message.conversation_id },
                      search: ({ channelId: _c, to: _t, name: _n, ...filters }) => filters,
                    });
                  },
                  onError: (error) => {
                    setServerErrors(errorsByPath(apiFieldErrors(error) ?? []));
                    notify.error('The conversation could not be started', { description: errorText(error) });
                  },
                },
              );
            }}
          />
        </div>
      )}
    </section>
  );
}
