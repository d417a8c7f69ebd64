/** Page sizes every paged table offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Page numbers to show: the first, the last, and a window around the current one; null is a gap. */
export function pageNumbers(current: number, totalPages: number, around = 1): (number | null)[] {
  if (totalPages <= 0) return [];
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  }
  return out;
}
