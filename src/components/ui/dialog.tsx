import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { UserText } from './user-text';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** A side drawer instead of a centred dialog. */
  side?: boolean;
}

/** An accessible dialog (focus trap, Escape, labelled) on Radix. */
export function Dialog({ open, onOpenChange, title, description, children, side = false }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          aria-describedby={description ? undefined : undefined}
          className={
            side
              ? 'fixed inset-y-0 right-0 z-50 flex w-full max-w-lg flex-col overflow-y-auto border-l border-border bg-raised shadow-xl focus:outline-none'
              : 'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-raised p-5 shadow-xl focus:outline-none'
          }
        >
          <div
            className={`flex items-start justify-between gap-4 ${side ? 'border-b border-border px-5 py-4' : 'mb-4'}`}
          >
            <div>
              <RadixDialog.Title className="text-base font-semibold">
                <UserText>{title}</UserText>
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-muted">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close className="rounded p-1.5 text-muted hover:bg-surface" aria-label="Close">
              <X size={16} aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className={side ? 'flex-1 px-5 py-4' : ''}>{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
