import { UserText } from '@/components/ui/user-text';

export const UNFILLED_ID = 'composer-unfilled-variables';

/** Says which placeholders of a quick reply still need a value; the send waits for them. */
export function UnfilledVariables({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <p id={UNFILLED_ID} role="status" className="rounded-md bg-warning-soft px-2 py-1 text-xs text-fg">
      Replace <UserText>{names.join(', ')}</UserText> before sending: there is no value for{' '}
      {names.length === 1 ? 'it' : 'them'} in this conversation.
    </p>
  );
}
