import { describe, expect, it } from 'vitest';
import { pageNumbers } from './page-numbers';

describe('page numbers', () => {
  it('shows every page when there are few', () => {
    expect(pageNumbers(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageNumbers(10, 10)).toEqual([1, null, 9, 10]);
  });
  it('fills a gap of one page with the page itself', () => {
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  });
  it('has nothing to show for an empty list', () => {
    expect(pageNumbers(1, 0)).toEqual([]);
  });
});
