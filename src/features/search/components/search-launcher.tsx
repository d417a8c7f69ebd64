import { Search } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';

// The way into search from anywhere: a button in the navigation and Ctrl+K (⌘K on a Mac). The
// palette's code (and cmdk) loads the first time it is asked for, never with the first screen.

const SearchPalette = lazy(() => import('./search-palette'));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return;
      if (!(isMac() ? event.metaKey : event.ctrlKey)) return;
      // The browser's own Ctrl+K (its search bar) would otherwise take it.
      event.preventDefault();
      setWanted(true);
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-label="Search"
        title={`Search (${shortcut})`}
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        className="mx-2 mb-1 flex items-center gap-2 rounded-md border border-border px-2 py-1.5 text-sm text-muted hover:bg-raised hover:text-fg"
      >
        <Search size={16} aria-hidden />
        <span className="hidden md:inline">Search</span>
        <kbd className="ml-auto hidden rounded border border-border px-1 text-[11px] text-subtle md:inline">
          {shortcut}
        </kbd>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SearchPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
