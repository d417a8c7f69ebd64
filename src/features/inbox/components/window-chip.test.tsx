import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { exactTime } from '@/lib/format';
import { WindowChip } from './window-chip';

describe('WindowChip', () => {
  it("shows an open window's time left, and its exact closing time once pointed at", () => {
    const closesAt = Date.parse('2026-11-23T18:30:00.000Z');
    render(<WindowChip state={{ kind: 'open', msLeft: 2 * 3_600_000 + 60_000, closesAt }} />);
    const chip = screen.getByText('2 h left');
    fireEvent.pointerEnter(chip);
    expect(chip.title).toBe(`Reply window closes ${exactTime('2026-11-23T18:30:00.000Z')}`);
  });

  it('says a closed window allows only templates', () => {
    render(<WindowChip state={{ kind: 'closed' }} />);
    expect(screen.getByText('Window closed').title).toBe(
      'The 24-hour reply window is closed: only templates can be sent',
    );
  });

  it('shows nothing where no window applies', () => {
    const { container } = render(<WindowChip state={{ kind: 'none' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
