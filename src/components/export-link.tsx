import { Download } from 'lucide-react';
import { exportUrl, type ExportKind } from '@/contract';

/**
 * Downloads the list as CSV with the filters on screen (the BFF streams it; a plain link, so the
 * browser shows its own download progress and nothing is held in the page).
 */
export function ExportLink({
  kind,
  filters = {},
  label = 'Export CSV',
}: {
  kind: ExportKind;
  filters?: Readonly<Record<string, string | undefined>>;
  label?: string;
}) {
  return (
    <a
      href={exportUrl(kind, filters)}
      download
      className="inline-flex h-9 items-center gap-1.5 rounded-md border border-border px-3 text-sm text-muted hover:bg-surface hover:text-fg"
    >
      <Download size={14} aria-hidden />
      {label}
    </a>
  );
}
