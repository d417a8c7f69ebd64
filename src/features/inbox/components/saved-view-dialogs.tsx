import { useId } from 'react';
import {
  SavedViewCreate,
  SavedViewUpdate,
  type InboxFilters,
  type SavedView,
  type ViewScope,
} from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { notify } from '@/lib/notify';
import { useCreateView, useDeleteView, useUpdateView } from '../api/saved-views';

// Saving the inbox's filters as a view (name, and for managers and admins: mine or the team's),
// and renaming or deleting one.

export function SaveViewDialog({
  open,
  onOpenChange,
  filters,
  mayShare,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: InboxFilters;
  mayShare: boolean;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save view"
      description="Keeps the filters shown now under a name, in the inbox's navigation."
    >
      {open ? (
        <SaveViewForm filters={filters} mayShare={mayShare} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function SaveViewForm({
  filters,
  mayShare,
  onDone,
}: {
  filters: InboxFilters;
  mayShare: boolean;
  onDone: () => void;
}) {
  const create = useCreateView();
  const scopeName = useId();
  const form = useApiForm({
    initial: { name: '', scope: 'mine' as ViewScope },
    toBody: (values) => ({ name: values.name.trim(), scope: values.scope, filters }),
    schema: SavedViewCreate,
    submit: create.mutateAsync,
    fieldOf: (path) => (path.startsWith('name') ? 'name' : path.startsWith('scope') ? 'scope' : null),
    onSuccess: (view) => {
      notify.success(`View ${view.name} saved`);
      onDone();
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Save view" className="flex flex-col gap-3">
      <Field label="View name" error={form.errors.name}>
        {(props) => (
          <Input
            {...props}
            autoFocus
            value={form.values.name}
            onChange={(e) => form.setValue('name', e.target.value)}
          />
        )}
      </Field>
      {mayShare ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">Who sees it</legend>
          {(
            [
              ['mine', 'Only me'],
              ['team', 'The whole team'],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={scopeName}
                checked={form.values.scope === value}
                onChange={() => form.setValue('scope', value)}
              />
              {text}
            </label>
          ))}
          {form.errors.scope ? <p className="text-xs text-danger">{form.errors.scope}</p> : null}
        </fieldset>
      ) : null}
      <FormAlert message={form.formError} />
      <FormActions submitLabel="Save view" pending={form.pending} onCancel={onDone} />
    </form>
  );
}

/** Renames a view, or deletes it. */
export function EditViewDialog({ view, onClose }: { view: SavedView; onClose: () => void }) {
  const update = useUpdateView();
  const remove = useDeleteView();
  const form = useApiForm({
    initial: { name: view.name },
    toBody: (values) => ({ name: values.name.trim() }),
    schema: SavedViewUpdate,
    submit: (body) => update.mutateAsync({ id: view.id, body }),
    fieldOf: (path) => (path.startsWith('name') ? 'name' : null),
    onSuccess: (saved) => {
      notify.success(`View ${saved.name} saved`);
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`Edit view ${view.name}`}>
      <form onSubmit={form.onSubmit} noValidate aria-label="Edit view" className="flex flex-col gap-3">
        <Field label="View name" error={form.errors.name}>
          {(props) => (
            <Input
              {...props}
              value={form.values.name}
              onChange={(e) => form.setValue('name', e.target.value)}
            />
          )}
        </Field>
        <FormAlert message={form.formError} />
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="danger"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(view.id, {
                onSuccess: () => {
                  notify.success(`View ${view.name} deleted`);
                  onClose();
                },
                onError: (error) =>
                  notify.error(`View ${view.name} could not be deleted`, { description: errorText(error) }),
              })
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete view'}
          </Button>
          <FormActions submitLabel="Save" pending={form.pending} onCancel={onClose} size="sm" />
        </div>
      </form>
    </Dialog>
  );
}
