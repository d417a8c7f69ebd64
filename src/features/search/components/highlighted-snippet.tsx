import { snippetParts } from '@/contract';

/** A message snippet with the matched words marked; plain text throughout (never HTML). */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  return (
    <bdi data-user-text className="line-clamp-2">
      {snippetParts(snippet).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-fg dark:bg-amber-700/60">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </bdi>
  );
}
