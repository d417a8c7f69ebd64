/**
 * The app's frame while its layout is first built: the rail with the name, and a loading line. It
 * is the frame index.html paints before any script, so the switch from one to the other shows
 * nothing; the layout then mounts in slices behind it (see `RootLayout`).
 */
export function AppFrame() {
  return (
    <div className="flex h-full min-h-0">
      <div className="flex w-14 shrink-0 flex-col border-r border-border bg-surface md:w-48">
        <div className="flex h-12 items-center gap-2 px-3 font-semibold">
          <span aria-hidden className="grid size-7 place-items-center rounded-md bg-accent text-accent-fg">
            C
          </span>
          <span className="hidden md:inline">Chatdesk</span>
        </div>
      </div>
      <main className="grid min-w-0 flex-1 place-items-center">
        <p role="status" className="text-sm text-muted">
          Loading Chatdesk…
        </p>
      </main>
    </div>
  );
}
