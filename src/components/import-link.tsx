import { Link } from '@tanstack/react-router';
import { Upload } from 'lucide-react';
import type { ImportKind } from '@/contract/imports';
import { useCan } from '@/lib/permissions';

/** Opens the CSV import for this list, for those whose role may create its records. */
export function ImportLink({ kind, label = 'Import CSV' }: { kind: ImportKind; label?: string }) {
  const can = useCan();
  if (!can(kind === 'leads' ? 'leads.create' : 'customers.create')) return null;
  return (
    <Link
      to="/import"
      search={{ kind }}
      className="inline-flex h-9 items-center gap-1.5 rounded-md border border-border px-3 text-sm text-muted hover:bg-surface hover:text-fg"
    >
      <Upload size={14} aria-hidden />
      {label}
    </Link>
  );
}
