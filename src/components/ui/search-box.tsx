import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from './field';

// A list's search field: what is typed settles for a moment before it becomes the list's filter (a
// URL change, a read), and a filter changed elsewhere (Clear, Back) shows in the field.

/** How long typing rests before the filter follows it. */
export const SEARCH_SETTLE_MS = 300;

export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  className = '',
}: {
  /** The filter in effect ('' for none). */
  value: string;
  /** The settled, trimmed text ('' to clear). */
  onSearch: (text: string) => void;
  label: string;
  placeholder: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value) return;
    const timer = setTimeout(() => onSearch(trimmed), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className={`relative ${className}`}>
      <Search
        size={14}
        className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-subtle"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="pl-8"
      />
    </div>
  );
}
