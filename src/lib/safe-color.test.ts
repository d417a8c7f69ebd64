import { describe, expect, it } from 'vitest';
import { NEUTRAL_COLOR, safeColor } from './safe-color';

describe('the colour guard', () => {
  it('lets hex colours through unchanged', () => {
    expect(safeColor('#3b82f6')).toBe('#3b82f6');
    expect(safeColor('#F00')).toBe('#F00');
  });

  it('turns anything else into the fallback', () => {
    for (const hostile of [
      'url(https://evil.example/pixel.png)',
      '#fff url(https://evil.example/x)',
      'red;background:url(https://evil.example/x)',
      'var(--color-accent)',
      'expression(alert(1))',
      'red',
      '#12345',
      '',
      null,
      undefined,
      42,
    ]) {
      expect(safeColor(hostile)).toBe(NEUTRAL_COLOR);
    }
    expect(safeColor('url(x)', 'var(--color-subtle)')).toBe('var(--color-subtle)');
  });
});
