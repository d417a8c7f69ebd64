import { Download } from 'lucide-react';

/**
 * Downloads the list as CSV with the filters on screen (the BFF streams it; a plain link, so the
 * browser shows its own download progress and nothing is held in the page).
 */
export function ExportLink({
  href,
  label = 'Export CSV',
  compact = false,
}: {
  /** The export's URL with the filters on screen: `bffUrl('exports.leads', { query })`. */
  href: string;
  label?: string;
  /** On a phone, the icon alone (the label is still its name): a toolbar row is narrow there. */
  compact?: boolean;
}) {
  return (
    <a
      href={href}
      download
      title={compact ? label : undefined}
      className={`inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md border border-border text-sm text-muted hover:bg-surface hover:text-fg ${compact ? 'px-2.5 sm:px-3' : 'px-3'}`}
    >
      <Download size={14} aria-hidden />
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{label}</span>
    </a>
  );
}
