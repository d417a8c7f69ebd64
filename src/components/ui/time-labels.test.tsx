import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clockTime, exactTime } from '@/lib/format';
import { ClockTime, TimeAgo } from './time-labels';

describe('time labels', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');

  it('says how long ago, and gives the exact time as the title once pointed at', () => {
    render(<TimeAgo iso="2026-11-23T09:00:00.000Z" now={now} />);
    const time = screen.getByText('3 hr. ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-23T09:00:00.000Z');
    expect(time.title).toBe('');
    fireEvent.pointerEnter(time);
    expect(time.title).toBe(exactTime('2026-11-23T09:00:00.000Z'));
  });

  it('words the time it shows now, not the one it showed when first pointed at', () => {
    const { rerender } = render(<TimeAgo iso="2026-11-23T09:00:00.000Z" now={now} />);
    fireEvent.pointerEnter(screen.getByText('3 hr. ago'));
    rerender(<TimeAgo iso="2026-11-23T11:00:00.000Z" now={now} />);
    const time = screen.getByText('1 hr. ago');
    fireEvent.pointerEnter(time);
    expect(time.title).toBe(exactTime('2026-11-23T11:00:00.000Z'));
  });

  it('shows nothing and offers no title for a missing time', () => {
    const { container } = render(<TimeAgo iso={null} now={now} />);
    const time = container.querySelector('time')!;
    expect(time.textContent).toBe('');
    fireEvent.pointerEnter(time);
    expect(time.title).toBe('');
  });

  it('gives a message time as the clock time, with the exact time once pointed at', () => {
    const iso = '2026-11-23T09:05:00.000Z';
    render(<ClockTime iso={iso} />);
    const time = screen.getByText(clockTime(iso));
    expect(time.title).toBe('');
    fireEvent.pointerEnter(time);
    expect(time.title).toBe(exactTime(iso));
  });
});
