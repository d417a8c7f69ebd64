import { QuickReplyCreate, type QuickReply } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
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
function reword(field: keyof Values, message: string): string {
  if (field === 'shortcut' && /already exists/i.test(message))
    return 'Another quick reply already uses this shortcut. Choose a different one.';
  return message;
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
  const create = useCreateQuickReply();
  const update = useUpdateQuickReply();
  const form = useApiForm({
    initial: () => initialValues(reply),
    // People often type the slash they will use in the composer: it is not part of the shortcut.
    toBody: (values) => ({ ...values, shortcut: values.shortcut.trim().replace(/^\//, '') }),
    schema: QuickReplyCreate,
    submit: (body) => (reply ? update.mutateAsync({ id: reply.id, body }) : create.mutateAsync(body)),
    reword,
    onSuccess: (saved) => {
      notify.success(reply ? `Saved “${saved.title}”` : `Created “${saved.title}”`);
      onDone();
    },
  });
  const { values, errors } = form;
  const set = (field: keyof Values) => (value: string) => form.setValue(field, value);

  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
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
      <FormAlert message={form.formError} />
      <FormActions
        submitLabel={reply ? 'Save changes' : 'Create quick reply'}
        pending={form.pending}
        onCancel={onDone}
      />
    </form>
  );
}
