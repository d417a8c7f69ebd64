import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserText, isolate, withoutBidiControls } from './user-text';

const RLO = '\u202E';

describe('user text', () => {
  it('isolates a name holding a right-to-left override from the text after it', () => {
    render(
      <p data-testid="line">
        <UserText>{`Eve${RLO}gpj.exe`}</UserText> · 5 min ago
      </p>,
    );
    const line = screen.getByTestId('line');
    const isolated = line.querySelector('[data-user-text]');
    // <bdi> is unicode-bidi: isolate with dir=auto in every browser; the text after it stays outside.
    expect(isolated?.tagName).toBe('BDI');
    expect(isolated).toHaveTextContent(`Eve${RLO}gpj.exe`);
    expect(isolated?.textContent).not.toContain('min ago');
    expect(line).toHaveTextContent('5 min ago');
  });

  it('renders nothing for a missing value', () => {
    render(
      <p data-testid="line">
        <UserText>{null}</UserText>
      </p>,
    );
    expect(screen.getByTestId('line').querySelector('bdi')?.textContent).toBe('');
  });

  it('wraps plain text in first-strong and pop-directional isolates', () => {
    expect(isolate(`a${RLO}b`)).toBe(`\u2068a${RLO}b\u2069`);
  });

  it('shows a file name in its real order, without direction controls', () => {
    expect(withoutBidiControls(`invoice${RLO}fdp.exe`)).toBe('invoicefdp.exe');
    expect(withoutBidiControls('\u2066a\u2069\u202Ab\u202C')).toBe('ab');
    expect(withoutBidiControls('שלום.pdf')).toBe('שלום.pdf');
  });
});
