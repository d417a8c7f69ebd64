import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppFrame } from './app-frame';

// index.html paints the frame before any script; React shows AppFrame in its place while the layout
// is first built. They must be the same markup, or the page visibly jumps between the two.
const html = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');
const squeeze = (markup: string) => markup.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim();

describe('AppFrame', () => {
  it('is the frame index.html paints before the app starts', () => {
    const root = html.slice(html.indexOf('<div id="root">') + '<div id="root">'.length);
    const frame = root.slice(0, root.indexOf('<!--'));
    expect(squeeze(renderToStaticMarkup(<AppFrame />))).toBe(squeeze(frame));
  });
});
