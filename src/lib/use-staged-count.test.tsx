import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStagedCount } from './use-staged-count';

/** Each render's count, in order. */
let counts: number[] = [];

function List({ total, first, step }: { total: number; first: number; step?: number }) {
  const rendered = useStagedCount(total, first, step);
  counts.push(rendered);
  return (
    <ul>
      {Array.from({ length: rendered }, (_, i) => (
        <li key={i}>row {i + 1}</li>
      ))}
    </ul>
  );
}

describe('useStagedCount', () => {
  it('renders the first items at once and the rest right after', async () => {
    counts = [];
    const { container } = render(<List total={40} first={15} />);
    expect(await screen.findByText('row 40')).toBeInTheDocument();
    expect(container.querySelectorAll('li')).toHaveLength(40);
    expect(counts[0]).toBe(15);
    expect(counts.at(-1)).toBe(40);
  });

  it('with none first, renders nothing at once and every item right after', async () => {
    counts = [];
    const { container } = render(<List total={20} first={0} />);
    expect(await screen.findByText('row 20')).toBeInTheDocument();
    expect(container.querySelectorAll('li')).toHaveLength(20);
    expect(counts[0]).toBe(0);
  });

  it('in steps, renders a few more items in each render until all are shown', async () => {
    counts = [];
    const { container } = render(<List total={10} first={2} step={3} />);
    expect(await screen.findByText('row 10')).toBeInTheDocument();
    expect(container.querySelectorAll('li')).toHaveLength(10);
    expect(counts.filter((n, i) => n !== counts[i - 1])).toEqual([2, 5, 8, 10]);
  });

  it('renders a short list whole', () => {
    const { container } = render(<List total={6} first={15} />);
    expect(container.querySelectorAll('li')).toHaveLength(6);
  });

  it('keeps rendering everything once the list has grown', async () => {
    const { container, rerender } = render(<List total={30} first={15} />);
    await screen.findByText('row 30');
    rerender(<List total={60} first={15} />);
    expect(container.querySelectorAll('li')).toHaveLength(60);
  });
});
