// Hostile values (issue 34, "nothing lost, nothing sent twice"): what a careless or malicious
// client, a broken upstream or a pasted spreadsheet may hand the BFF. Each comes with a name, so a
// failing case says which value broke what. The suites push them through every route that writes
// and every read that takes parameters, and through the sync as upstream data: none may crash a
// route (a 500) or stop a writer, and one refused must be refused with the spec's error body.

export interface Hostile<T> {
  readonly name: string;
  readonly value: T;
}

const h = <T>(name: string, value: T): Hostile<T> => ({ name, value });

/** One mebibyte of text: only for bodies (a field a person types into), never multiplied. */
export const MEBIBYTE_TEXT: Hostile<string> = h('1 MiB of text', 'x'.repeat(1024 * 1024));

/** Text for any string field: characters databases, indexes, CSV and logs trip over. */
export const HOSTILE_TEXT: readonly Hostile<string>[] = [
  h('U+0000 inside', 'before\u0000after'),
  h('only U+0000', '\u0000'),
  h('lone high surrogate', 'broken \uD800 pair'),
  h('lone low surrogate', 'broken \uDC00 pair'),
  h('right-to-left override', 'invoice\u202Efdp.exe'),
  h('zero-width joiners only', '\u200D\u200B\u200D\uFEFF'),
  h('zero-width joiner inside', 'a\u200Db\u200Dc'),
  h('only whitespace', ' \t\n\u00A0\u2003\u3000 '),
  h('newline and header', 'x\r\nSet-Cookie: stolen=1'),
  h('C0 and DEL controls', '\u0001\u0002\u0003\u001B[31m\u007F'),
  h('search snippet markers', '\u0002match\u0003'),
  h('SQL quote', "'; DROP TABLE notes; --"),
  h('tsquery syntax', '!(a & | b):* <-> "'),
  h('HTML', '<img src=x onerror=alert(1)>'),
  h('CSV formula', '=HYPERLINK("http://evil.test","x")'),
  h('percent escapes', '%00%2e%2e%2f%ZZ'),
  h('emoji family', '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}'),
  h('10,001 characters', 'y'.repeat(10_001)),
];

/** Calendar days and date-times, as query strings carry them. */
export const HOSTILE_DATES: readonly Hostile<string>[] = [
  h('year 0', '0000-01-01'),
  h('year 9999', '9999-12-31'),
  h('30 February', '2026-02-30'),
  h('month 13', '2026-13-01'),
  h('year 0 instant', '0000-01-01T00:00:00.000Z'),
  h('year 9999 instant', '9999-12-31T23:59:59.999Z'),
  h('30 February instant', '2026-02-30T10:00:00Z'),
  h('expanded year', '+275760-09-13T00:00:00.000Z'),
  h('past the last Date', '+275760-09-14T00:00:00.000Z'),
  h('words', 'yesterday'),
  h('empty', ''),
];

/** Numbers as query strings carry them: limits, pages, offsets, targets. */
export const HOSTILE_NUMBER_STRINGS: readonly Hostile<string>[] = [
  h('-0', '-0'),
  h('NaN', 'NaN'),
  h('Infinity', 'Infinity'),
  h('-Infinity', '-Infinity'),
  h('2^53', '9007199254740992'),
  h('2^53 + 1', '9007199254740993'),
  h('-2^63', '-9223372036854775808'),
  h('1e308', '1e308'),
  h('1e309', '1e309'),
  h('huge page', '99999999999999999999999'),
  h('negative', '-1'),
  h('hex', '0x10'),
  h('fraction', '1.5'),
  h('padded', ' 2 '),
  h('empty', ''),
];

/** Numbers inside a JSON body (JSON has no NaN or Infinity: those come as strings). */
export const HOSTILE_JSON_NUMBERS: readonly Hostile<unknown>[] = [
  h('-0', -0),
  h('2^53', 2 ** 53),
  h('-2^63', -(2 ** 63)),
  h('1e308', 1e308),
  h('negative', -1),
  h('fraction', 0.5),
  h('"Infinity" as a string', 'Infinity'),
  h('"NaN" as a string', 'NaN'),
  h('"1e309" as a string', '1e309'),
];

/**
 * Path segments where an id belongs, already in the form they take in a URL (so an encoded NUL
 * reaches the server as `%00`). A few are not UUIDs, the rest try to make some layer see another
 * path or store a byte it cannot keep.
 */
export const HOSTILE_PATH_IDS: readonly Hostile<string>[] = [
  h('not a UUID', 'abc'),
  h('number', '9007199254740993'),
  h('negative number', '-1'),
  h('dot-dot', '..'),
  h('encoded dot-dot', '%2e%2e'),
  h('traversal', '..%2f..%2fetc%2fpasswd'),
  h('encoded slash', 'a%2Fb'),
  h('encoded backslash', 'a%5Cb'),
  h('%00 alone', '%00'),
  h('UUID then %00', '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10%00'),
  h('UUID then newline', '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10%0A'),
  h('bad escape', '%ZZ'),
  h('encoded right-to-left override', '%E2%80%AE'),
  h('encoded lone surrogate', '%ED%A0%80'),
  h('over-long UTF-8', '%C0%AE%C0%AE'),
  h('3,000 characters', 'z'.repeat(3000)),
];

/** Values for header-like places (a file name that ends in Content-Disposition, a User-Agent). */
export const HOSTILE_HEADER_VALUES: readonly Hostile<string>[] = [
  h('CRLF then a header', 'report.csv\r\nSet-Cookie: stolen=1'),
  h('bare LF', 'a\nb'),
  h('U+0000', 'a\u0000b'),
  h('quote and semicolon', "a\"; filename*=UTF-8''evil.exe"),
  h('right-to-left override', 'invoice\u202Evsc.exe'),
  h('non-Latin-1', '\u4E2D\u6587'),
];

/**
 * Percent-encodes a value for a query string. Unlike encodeURIComponent it also takes a lone
 * surrogate, written as the three bytes an unpaired UTF-16 unit becomes in WTF-8 (`%ED%A0%80`):
 * invalid UTF-8, exactly what a broken client sends.
 */
export function encodeQueryValue(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = value.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

/** A query string of one parameter set to a hostile value (the rest as given). */
export function queryWith(base: Readonly<Record<string, string>>, name: string, value: string): string {
  const params = { ...base, [name]: value };
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeQueryValue(v)}`)
    .join('&');
}
