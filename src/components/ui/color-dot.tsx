import { safeColor } from '@/lib/safe-color';

/** A small round swatch of a colour from data (a stage's, a tag's), painted only when it is a hex colour. */
export function ColorDot({ color, className = 'size-2' }: { color: unknown; className?: string }) {
  return (
    <span
      aria-hidden
      data-color-dot
      className={`inline-block shrink-0 rounded-full ${className}`}
      style={{ backgroundColor: safeColor(color) }}
    />
  );
}
