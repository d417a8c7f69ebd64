import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadable } from './loadable';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Failed: {String(this.state.error)}</p> : this.props.children;
  }
}

describe('loadable', () => {
  it('renders the placeholder until the module is there, then the module, loading it once', async () => {
    const gate = deferred<{ Board: () => ReactNode }>();
    let loads = 0;
    const board = loadable(() => {
      loads += 1;
      return gate.promise;
    });
    function Page() {
      const mod = board.use();
      return mod ? <mod.Board /> : <p>Loading the board</p>;
    }
    render(
      <>
        <Page />
        <Page />
      </>,
    );
    expect(screen.getAllByText('Loading the board')).toHaveLength(2);
    gate.resolve({ Board: () => <p>The board</p> });
    expect(await screen.findAllByText('The board')).toHaveLength(2);
    expect(loads).toBe(1);
  });

  it('shows a module that arrives between a render and its commit', () => {
    // A thenable that settles at once: preload() in a later sibling's render stands for a download
    // that ends while a transition's render is in slices, after the first sibling has rendered.
    const board = loadable(
      () =>
        ({ then: (ok: (m: { text: string }) => void) => ok({ text: 'ready' }) }) as Promise<{ text: string }>,
    );
    function Page() {
      return <p>{board.use()?.text ?? 'waiting'}</p>;
    }
    function Arrives() {
      void board.preload();
      return null;
    }
    render(
      <>
        <Page />
        <Arrives />
      </>,
    );
    expect(screen.getByText('ready')).toBeInTheDocument();
  });

  it('starts loading before anything renders when preloaded, and renders at once when it has arrived', async () => {
    const board = loadable(() => Promise.resolve({ text: 'ready' }));
    await board.preload();
    function Page() {
      return <p>{board.use()?.text ?? 'waiting'}</p>;
    }
    render(<Page />);
    expect(screen.getByText('ready')).toBeInTheDocument();
  });

  it('loads nothing while a render asks with enabled false', async () => {
    let loads = 0;
    const drawer = loadable(() => {
      loads += 1;
      return Promise.resolve({ text: 'drawer' });
    });
    function Page({ wanted }: { wanted: boolean }) {
      return <p>{drawer.use(wanted)?.text ?? 'not loaded'}</p>;
    }
    const { rerender } = render(<Page wanted={false} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(loads).toBe(0);
    rerender(<Page wanted />);
    expect(await screen.findByText('drawer')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('with afterPaint, starts the download only after the screen has painted', async () => {
    let loads = 0;
    const menus = loadable(
      () => {
        loads += 1;
        return Promise.resolve({ text: 'menus' });
      },
      { afterPaint: true },
    );
    function Header() {
      return <p>{menus.use()?.text ?? 'buttons'}</p>;
    }
    render(<Header />);
    // Effects have run (render flushes them); the next frame has not.
    expect(screen.getByText('buttons')).toBeInTheDocument();
    expect(loads).toBe(0);
    expect(await screen.findByText('menus')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('hands a failed load to the error boundary', async () => {
    const board = loadable<{ text: string }>(() => Promise.reject(new Error('chunk missing')));
    function Page() {
      return <p>{board.use()?.text ?? 'waiting'}</p>;
    }
    render(
      <Boundary>
        <Page />
      </Boundary>,
    );
    expect(await screen.findByText('Failed: Error: chunk missing')).toBeInTheDocument();
  });

  it('gives the module outside render once it is there, and nothing before or after a failed load', async () => {
    const gate = deferred<{ text: string }>();
    const writers = loadable(() => gate.promise);
    expect(writers.current()).toBeUndefined();
    const loading = writers.preload();
    expect(writers.current()).toBeUndefined();
    gate.resolve({ text: 'columns' });
    await loading;
    expect(writers.current()).toEqual({ text: 'columns' });

    const broken = loadable<{ text: string }>(() => Promise.reject(new Error('chunk missing')));
    await expect(broken.preload()).resolves.toBeUndefined();
    expect(broken.current()).toBeUndefined();
  });
});
