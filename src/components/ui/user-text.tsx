/**
 * Text that people wrote (names, captions, file names, subjects), isolated from what surrounds it:
 * a right-to-left override (U+202E) or a right-to-left name inside cannot reorder the words, times
 * or numbers that follow it on the line. `<bdi>` is `unicode-bidi: isolate` with `dir="auto"`.
 */
export function UserText({
  children,
  className,
}: {
  children: string | null | undefined;
  className?: string;
}) {
  return (
    <bdi data-user-text className={className}>
      {children ?? ''}
    </bdi>
  );
}

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * The plain-text form of UserText, for strings that cannot hold markup (toasts, announcements):
 * wraps the text in First Strong Isolate … Pop Directional Isolate.
 */
export const isolate = (text: string): string => `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;

/**
 * A file name without its explicit direction controls (embeddings, overrides, isolates): shown in
 * its real order, so "invoice‮fdp.exe" cannot pass for "invoice-exe.pdf". Names and captions keep
 * theirs (isolated by UserText); a file's extension is what must not lie.
 */
export const withoutBidiControls = (text: string): string =>
  text.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
