import { loadBoardColumns } from '@/data/board';
import { loadable } from '@/lib/loadable';

/**
 * The lead board's code (drag and drop, the virtual columns), loaded beside the page: the route's
 * loader starts it with the board's data, and the page renders the columns' skeletons until it is
 * there. One handle for both, so the page finds the download the loader began. The cache writers'
 * column arithmetic comes with it, so no card can be dragged before a move can be shown at once
 * (if its download failed, the board is read again after each change instead).
 */
export const boardCode = loadable(() =>
  Promise.all([import('./components/lead-board'), loadBoardColumns()]).then(([board]) => board),
);
