import { Link } from '@tanstack/react-router';
import { Upload } from 'lucide-react';
import type { ImportKind } from '@/contract/imports';
import { useCan } from '@/lib/permissions';

/** Opens the CSV import for this list, for those whose role may create its records. */
export function ImportLink({
  kind,
  label = 'Import CSV',
  compact = false,
}: {
  kind: ImportKind;
  label?: string;
  /** On a phone, the icon alone (the label is still its name): a toolbar row is narrow there. */
  compact?: boolean;
}) {
  const can = useCan();
  if (!can(kind === 'leads' ? 'leads.create' : 'customers.create')) return null;
  return (
    <Link
      to="/import"
      search={{ kind }}
      title={compact ? label : undefined}
      className={`inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md border border-border text-sm text-muted hover:bg-surface hover:text-fg ${compact ? 'px-2.5 sm:px-3' : 'px-3'}`}
    >
      <Upload size={14} aria-hidden />
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{label}</span>
    </Link>
  );
}
