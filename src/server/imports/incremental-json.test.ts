import { describe, expect, it } from 'vitest';
import { IncrementalJson, JsonBodyError } from './incremental-json';

// The import body's parser gives what JSON.parse gives, wherever the chunks are cut (inside a
// string, an escape, a number, a literal, a multi-byte character), and refuses what it refuses.

const parseInChunks = (text: string, cuts: readonly number[]): unknown => {
  const bytes = Buffer.from(text);
  const parser = new IncrementalJson();
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    parser.write(bytes.subarray(from, cut));
    from = cut;
  }
  return parser.end();
};

const GOOD = [
  '{"kind":"leads","rows":[{"name":"Ada","email":"ada@example.com"},{"name":"Bob"}]}',
  ' { "a" : [ 1 , -2.5e3 , 0 , 1E-2 , true , false , null , "" , [] , {} ] } ',
  '{"escapes":"quote \\" backslash \\\\ slash \\/ \\b\\f\\n\\r\\t \\u00e9 \\ud83d\\ude00 \\u0000 \\ud800"}',
  '{"multi":"é — 漢字 😀","after":"\\\\"}',
  '[[[[["deep"]]]]]',
  '"just a string"',
  '12345',
  'true',
  '{"dup":1,"dup":2,"constructor":"kept"}',
];

const BAD = [
  '',
  '{',
  '{"a":1,}',
  '[1,]',
  '{"a" 1}',
  '{a:1}',
  '[01]',
  '[1.]',
  '[-]',
  '[tru]',
  '[nul]',
  '"raw \u0001 control"',
  '"bad escape \\x"',
  '{"a":1}{"b":2}',
  '{"a":1} x',
  '{"__proto__":{"admin":true}}',
  '[' + '['.repeat(100) + ']'.repeat(101),
];

describe('IncrementalJson', () => {
  it('gives what JSON.parse gives, cut at every byte', () => {
    for (const text of GOOD) {
      const expected: unknown = JSON.parse(text);
      const length = Buffer.byteLength(text);
      for (let cut = 0; cut <= length; cut++)
        expect(parseInChunks(text, [cut]), `${text} cut at ${cut}`).toEqual(expected);
      expect(
        parseInChunks(
          text,
          Array.from({ length }, (_, i) => i),
        ),
      ).toEqual(expected);
    }
  });

  it('refuses what is not JSON with a 400 error, however it is cut', () => {
    for (const text of BAD) {
      const length = Buffer.byteLength(text);
      for (const cuts of [[], [Math.floor(length / 2)], Array.from({ length }, (_, i) => i)]) {
        let error: unknown = null;
        try {
          parseInChunks(text, cuts);
        } catch (e) {
          error = e;
        }
        expect(error, `${text} cut at ${cuts.join(',')}`).toBeInstanceOf(JsonBodyError);
        expect((error as JsonBodyError).statusCode).toBe(400);
      }
    }
  });

  it('keeps a key named constructor as data, never as the prototype', () => {
    const value = parseInChunks('{"constructor":{"prototype":{"x":1}}}', [5]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['constructor']);
  });
});
