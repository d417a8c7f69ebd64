import { StringDecoder } from 'node:string_decoder';

// JSON parsed a chunk at a time, as a request body arrives. JSON.parse of a whole import body (tens
// of megabytes) holds the event loop for the better part of a second, and every other request
// waits; fed each chunk as the socket delivers it, the same work is spread over thousands of short
// turns. Standard JSON only: what JSON.parse accepts, the same value out (each string token goes
// through JSON.parse itself, so escapes, control characters and lone surrogates are judged exactly
// as there). A `__proto__` key is refused, as Fastify's own JSON parser does.

/** A body that is not JSON, or JSON this parser refuses: a 400 for the client. */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'JsonBodyError';
  }
}

type Expect = 'firstKey' | 'key' | 'colon' | 'firstValue' | 'value' | 'next';

interface Container {
  readonly value: Record<string, unknown> | unknown[];
  readonly isArray: boolean;
  key: string;
  expect: Expect;
}

/** Deeper nesting than any body the BFF takes; bounds the stack a hostile body could build. */
const MAX_DEPTH = 64;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS: readonly (readonly [string, unknown])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isNumberChar = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;

export class IncrementalJson {
  private readonly decoder = new StringDecoder('utf8');
  private readonly stack: Container[] = [];
  /** Text not yet parsed: at most the token cut by the chunk's end. */
  private rest = '';
  private root: unknown = undefined;
  private done = false;

  /** Parses what the chunk completes; throws JsonBodyError at the first thing that is not JSON. */
  write(chunk: Buffer): void {
    this.feed(this.decoder.write(chunk), false);
  }

  /** The value, once the body has ended; throws JsonBodyError if it is incomplete. */
  end(): unknown {
    this.feed(this.decoder.end(), true);
    if (!this.done || this.stack.length > 0) throw new JsonBodyError('Unexpected end of JSON input');
    return this.root;
  }

  private feed(text: string, final: boolean): void {
    const buf = this.rest + text;
    const len = buf.length;
    let i = 0;
    for (;;) {
      while (i < len && isSpace(buf.charCodeAt(i))) i++;
      if (i >= len) break;
      const top = this.stack.at(-1);
      const ch = buf[i]!;
      const expect: Expect | 'end' = top ? top.expect : this.done ? 'end' : 'value';
      if (expect === 'end') throw this.unexpected(ch, i);
      if (expect === 'colon') {
        if (ch !== ':') throw this.unexpected(ch, i);
        i++;
        top!.expect = 'value';
        continue;
      }
      if (expect === 'next') {
        if (ch === ',') {
          i++;
          top!.expect = top!.isArray ? 'value' : 'key';
        } else if (ch === (top!.isArray ? ']' : '}')) {
          i++;
          this.close();
        } else throw this.unexpected(ch, i);
        continue;
      }
      if (expect === 'firstKey' || expect === 'key') {
        if (ch === '}' && expect === 'firstKey') {
          i++;
          this.close();
          continue;
        }
        if (ch !== '"') throw this.unexpected(ch, i);
        const key = this.readString(buf, i);
        if (key === null) break;
        if (key.value === '__proto__')
          throw new JsonBodyError('Object contains forbidden prototype property');
        top!.key = key.value;
        top!.expect = 'colon';
        i = key.end;
        continue;
      }
      // A value (or, first in an array, its end).
      if (ch === ']' && expect === 'firstValue') {
        i++;
        this.close();
        continue;
      }
      if (ch === '{' || ch === '[') {
        if (this.stack.length >= MAX_DEPTH) throw new JsonBodyError('JSON nested too deeply');
        const isArray = ch === '[';
        this.stack.push({
          value: isArray ? [] : {},
          isArray,
          key: '',
          expect: isArray ? 'firstValue' : 'firstKey',
        });
        i++;
        continue;
      }
      const token =
        ch === '"'
          ? this.readString(buf, i)
          : ch === '-' || (ch >= '0' && ch <= '9')
            ? this.readNumber(buf, i, final)
            : this.readLiteral(buf, i, final);
      if (token === null) break;
      this.emit(token.value);
      i = token.end;
    }
    this.rest = buf.slice(i);
  }

  /** A string token from its opening quote, or null when the chunk ends inside it. */
  private readString(buf: string, start: number): { value: string; end: number } | null {
    let from = start + 1;
    for (;;) {
      const quote = buf.indexOf('"', from);
      if (quote === -1) return null;
      let backslash = quote - 1;
      while (buf.charCodeAt(backslash) === 0x5c) backslash--;
      // An odd run of backslashes escapes the quote: the string goes on.
      if ((quote - 1 - backslash) % 2 === 1) {
        from = quote + 1;
        continue;
      }
      try {
        return { value: JSON.parse(buf.slice(start, quote + 1)) as string, end: quote + 1 };
      } catch (error) {
        throw new JsonBodyError(error instanceof Error ? error.message : 'Bad string in JSON');
      }
    }
  }

  private readNumber(buf: string, start: number, final: boolean): { value: number; end: number } | null {
    let end = start;
    while (end < buf.length && isNumberChar(buf.charCodeAt(end))) end++;
    if (end === buf.length && !final) return null; // the next chunk may hold more digits
    const text = buf.slice(start, end);
    if (!NUMBER.test(text)) throw new JsonBodyError(`Bad number in JSON at position ${String(start)}`);
    return { value: Number(text), end };
  }

  private readLiteral(buf: string, start: number, final: boolean): { value: unknown; end: number } | null {
    for (const [word, value] of LITERALS) {
      if (buf.startsWith(word, start)) return { value, end: start + word.length };
      const cut = buf.slice(start);
      if (!final && cut.length < word.length && word.startsWith(cut)) return null;
    }
    throw this.unexpected(buf[start]!, start);
  }

  private close(): void {
    this.emit(this.stack.pop()!.value);
  }

  private emit(value: unknown): void {
    const top = this.stack.at(-1);
    if (top === undefined) {
      this.root = value;
      this.done = true;
      return;
    }
    if (Array.isArray(top.value)) top.value.push(value);
    else top.value[top.key] = value;
    top.expect = 'next';
  }

  private unexpected(ch: string, at: number): JsonBodyError {
    return new JsonBodyError(`Unexpected token ${JSON.stringify(ch)} in JSON (chunk position ${String(at)})`);
  }
}
