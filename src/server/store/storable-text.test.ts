import { describe, expect, it } from 'vitest';
import { storableJson, storableText } from './storable-text';

describe('storableText', () => {
  it('replaces U+0000, which no PostgreSQL text or jsonb value can hold, with U+FFFD', () => {
    expect(storableText('a\u0000b\u0000')).toBe('a\uFFFDb\uFFFD');
  });

  it('replaces lone surrogates (no UTF-8 for them), and keeps surrogate pairs', () => {
    expect(storableText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(storableText('\uDC00\uD800')).toBe('\uFFFD\uFFFD');
    expect(storableText('emoji 😀 ok')).toBe('emoji 😀 ok');
  });

  it('gives back the same string when there is nothing to replace', () => {
    const text = 'Olá — ünïcödé, tabs\tand\nnewlines';
    expect(storableText(text)).toBe(text);
  });

  it('passes null through', () => {
    expect(storableText(null)).toBeNull();
  });
});

describe('storableJson', () => {
  it('makes every string of a record storable, keys too', () => {
    expect(storableJson({ 'k\u0000': 'v\u0000', n: 1, nested: ['\uD800'] })).toBe(
      JSON.stringify({ 'k\uFFFD': 'v\uFFFD', n: 1, nested: ['\uFFFD'] }),
    );
  });
});
