import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { apiFieldErrors, errorsByPath } from '@/lib/form-errors';
import { parsePhoneList } from '@/lib/phone-list';

/** When the upstream lists no requests, an admin can still approve numbers they know asked. */
export function ManualApproval({
  listed,
  busy,
  onApprove,
  error,
}: {
  listed: boolean;
  busy: boolean;
  onApprove: (phones: string[]) => void;
  error: Error | null;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { numbers, invalid } = parsePhoneList(text);
    if (invalid.length > 0) {
      setProblem(
        `Not a full international number: ${invalid.join(', ')}. Include the country code, e.g. +44 7700 900123.`,
      );
      return;
    }
    if (numbers.length === 0) {
      setProblem('Type at least one number.');
      return;
    }
    setProblem(undefined);
    onApprove(numbers);
    setText('');
  };
  const upstreamError = errorsByPath(apiFieldErrors(error) ?? [])['phoneNumbers'];
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <p className="text-muted">
        {listed ? 'No pending join requests.' : 'The server does not list join requests for this group.'} To
        approve someone who asked to join, type their number.
      </p>
      <Field
        label="Numbers to approve"
        error={problem ?? upstreamError}
        hint="International format, one per line or separated by commas."
      >
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="+44 7700 900123"
          />
        )}
      </Field>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          <UserPlus size={14} aria-hidden />
          Approve numbers
        </Button>
      </div>
    </form>
  );
}
