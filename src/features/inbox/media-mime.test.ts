import { describe, expect, it } from 'vitest';
import { mediaMimeType } from './media-mime';

describe('mediaMimeType', () => {
  it.each([
    ['image', 'https://cdn.example.com/a/summer.JPG', 'image/jpeg'],
    ['image', 'https://cdn.example.com/a/logo.png?v=2', 'image/png'],
    ['image', 'https://cdn.example.com/a/no-extension', 'image/jpeg'],
    ['document', 'https://cdn.example.com/q/Quote-17.pdf', 'application/pdf'],
    ['document', 'https://cdn.example.com/q/file', 'application/octet-stream'],
  ] as const)('a %s at %s is sent as %s', (kind, url, mime) => {
    expect(mediaMimeType(kind, url)).toBe(mime);
  });
});
