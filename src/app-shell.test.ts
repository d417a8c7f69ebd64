import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// index.html carries the app's frame, painted before any script arrives (a phone on a slow network
// otherwise looks at a white page for seconds), and the CSP forbids inline scripts.
const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

describe('index.html', () => {
  it('paints the frame and a loading line inside the root React replaces', () => {
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<noscript>'));
    expect(root).toContain('Chatdesk');
    expect(root).toMatch(/<p role="status"[^>]*>Loading Chatdesk…<\/p>/);
  });

  it('lays out each size and weight of type unseen and unheard, inside the root React replaces', () => {
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<noscript>'));
    const warm = /<div aria-hidden="true" class="invisible absolute[^"]*">([\s\S]*?)<\/div>/.exec(root);
    expect(warm).not.toBeNull();
    const types = [...warm![1]!.matchAll(/<span class="([^"]+)">/g)].map((m) => m[1]);
    // The body text, the thread's and the board's small print, headings, and the monospace ids.
    for (const type of [
      'text-sm',
      'text-[13px] font-medium',
      'text-xs font-semibold',
      'text-lg font-semibold',
    ])
      expect(types).toContain(type);
    expect(types.some((t) => t!.includes('font-mono'))).toBe(true);
  });

  it('tells a browser without JavaScript what to do', () => {
    expect(html).toMatch(/<noscript>[\s\S]*needs JavaScript[\s\S]*<\/noscript>/);
  });

  it('has no inline script: the module entry and the Intl warm-up are files, which the CSP allows', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((s) => s[1]!.trim())).toEqual([
      'src="/intl-warm.js" async',
      'type="module" src="/src/main.tsx"',
    ]);
    expect(scripts.every((s) => s[2]!.trim() === '')).toBe(true);
  });

  it("builds a date and a number formatter, which loads Intl's locale data", () => {
    const warm = readFileSync(new URL('../public/intl-warm.js', import.meta.url), 'utf8');
    const built: string[] = [];
    const fake = (kind: string) =>
      function Formatter() {
        built.push(kind);
        return { format: () => '' };
      };
    new Function('Intl', warm)({ DateTimeFormat: fake('date'), NumberFormat: fake('number') });
    expect(built).toEqual(['date', 'number']);
  });
});
