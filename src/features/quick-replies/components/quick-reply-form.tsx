import { useState, type FormEvent } from 'react';
import { QuickReplyCreate, type QuickReply } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { errorsFromApi, errorsFromSchema, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateQuickReply, useUpdateQuickReply } from '../api';

const BODY_MAX = 4096;

interface Values {
  title: string;
  shortcut: string;
  body: string;
}

const initialValues = (reply: QuickReply | null): Values => ({
  title: reply?.title ?? '',
  shortcut: reply?.shortcut ?? '',
  body: reply?.body ?? '',
});

/** Words for the upstream's refusals a person can act on; others as the upstream said them. */
function friendly(errors: FormErrors): FormErrors {
  const out = { ...errors };
  if (out['shortcut'] && /already exists/i.test(out['shortcut'])) {
    out['shortcut'] = 'Another quick reply already uses this shortcut. Choose a different one.';
  }
  return out;
}

/** Create (reply = null) or edit a quick reply, in a dialog. */
export function QuickReplyFormDialog({
  reply,
  open,
  onOpenChange,
}: {
  reply: QuickReply | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={reply ? 'Edit quick reply' : 'New quick reply'}
      description="Type / and the shortcut in the composer to insert the text."
    >
      {/* Keyed so each opening starts from the record's current values. */}
      {open ? (
        <QuickReplyForm key={reply?.id ?? 'new'} reply={reply} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function QuickReplyForm({ reply, onDone }: { reply: QuickReply | null; onDone: () => void }) {
  const [values, setValues] = useState<Values>(() => initialValues(reply));
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateQuickReply();
  const update = useUpdateQuickReply();
  const pending = create.isPending || update.isPending;

  const set = (field: keyof Values) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const onFailure = (error: Error) => {
    const fields = friendly(errorsFromApi(error));
    if (Object.keys(fields).length > 0) setErrors(fields);
    else setFailure(errorText(error));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // People often type the slash they will use in the composer: it is not part of the shortcut.
    const candidate = { ...values, shortcut: values.shortcut.trim().replace(/^\//, '') };
    const parsed = QuickReplyCreate.safeParse(candidate);
    if (!parsed.success) {
      setErrors(errorsFromSchema(parsed.error));
      return;
    }
    setErrors({});
    if (reply) {
      update.mutate(
        { id: reply.id, body: parsed.data },
        {
          onSuccess: (saved) => {
            notify.success(`Saved “${saved.title}”`);
            onDone();
          },
          onError: onFailure,
        },
      );
    } else {
      create.mutate(parsed.data, {
        onSuccess: (created) => {
          notify.success(`Created “${created.title}”`);
          onDone();
        },
        onError: onFailure,
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Title" error={errors['title']}>
        {(props) => (
          <Input
            {...props}
            value={values.title}
            onChange={(e) => set('title')(e.target.value)}
            maxLength={100}
            autoComplete="off"
            autoFocus
          />
        )}
      </Field>
      <Field label="Shortcut" error={errors['shortcut']} hint="Letters, digits, - or _. Used as /shortcut.">
        {(props) => (
          <div className="flex items-center gap-1">
            <span aria-hidden className="font-mono text-muted">
              /
            </span>
            <Input
              {...props}
              value={values.shortcut}
              onChange={(e) => set('shortcut')(e.target.value)}
              maxLength={33}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
            />
          </div>
        )}
      </Field>
      <Field
        label="Message"
        error={errors['body']}
        hint={`${values.body.length.toLocaleString()} / ${BODY_MAX.toLocaleString()} characters`}
      >
        {(props) => (
          <Textarea {...props} value={values.body} onChange={(e) => set('body')(e.target.value)} rows={6} />
        )}
      </Field>
      {failure ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : reply ? 'Save changes' : 'Create quick reply'}
        </Button>
      </div>
    </form>
  );
}
