import { cleanup, waitFor } from '@testing-library/react';
import { Profiler, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { withBff } from '@/test/bff';
import { boardCode } from '../board-code';
import { LeadsPage } from './leads-page';

withBff();
afterEach(cleanup);

describe('LeadsPage first paint', () => {
  it('commits the header and the columns’ skeletons before the board, even with its code loaded', async () => {
    await boardCode.preload();
    expect(boardCode.current()).toBeDefined();
    // What the page showed at each of its commits (Profiler's onRender runs once the DOM is updated).
    const commits: { header: boolean; skeleton: boolean; board: boolean }[] = [];
    const record = () =>
      commits.push({
        header: document.querySelector('h1') !== null,
        skeleton: document.querySelector('[aria-label^="Loading "]') !== null,
        board: document.querySelector('[data-board]') !== null,
      });
    await renderWithApp(
      <Profiler id="leads" onRender={record}>
        <Suspense fallback={null}>
          <LeadsPage />
        </Suspense>
      </Profiler>,
      { path: '/leads' },
    );
    await waitFor(() => expect(document.querySelector('[data-board]')).not.toBeNull());

    // The router renders a screen in one task: the board (its drag and drop context, every column)
    // follows in a transition, so the header paints without waiting for it.
    expect(commits.find((c) => c.header)).toEqual({ header: true, skeleton: true, board: false });
    expect(commits.at(-1)?.board).toBe(true);
  });
});
