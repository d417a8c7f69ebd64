import { describe, expect, it } from 'vitest';
import { estimateRowHeight, type EstimatedRow } from './message-row-height';

const text = (t: string, extra: Partial<Extract<EstimatedRow, { kind: 'message' }>> = {}): EstimatedRow => ({
  kind: 'message',
  showSender: false,
  message: { type: 'text', text: t, status: 'read', quoted_message_id: null },
  ...extra,
});

// Heights measured in Chromium on the demo's threads (a 412 px phone, whose list is 356 px wide,
// and a 1350 px desktop, whose list is 454 px wide).
describe('estimateRowHeight', () => {
  it.each([
    [356, text('Thanks!'), 60],
    [356, text('Just following up on my earlier message'), 81],
    [356, text('Perfect, quote is on its way. Anything else I can help with?', { showSender: true }), 119],
    [454, text('Perfect, quote is on its way. Anything else I can help with?', { showSender: true }), 99],
    [
      454,
      text('There is: 15% off with annual prepay. I will put both options in the quote.', {
        showSender: true,
      }),
      119,
    ],
    [356, { kind: 'day' } as const, 32],
  ])('comes within a few pixels of the measured height (list %i px)', (width, row, measured) => {
    expect(Math.abs(estimateRowHeight(row, width) - measured)).toBeLessThanOrEqual(6);
  });

  it('wraps the same text into more lines on a narrower list', () => {
    const long = text('a '.repeat(120));
    expect(estimateRowHeight(long, 356)).toBeGreaterThan(estimateRowHeight(long, 900));
  });

  it('counts each paragraph of a multi-line message', () => {
    expect(estimateRowHeight(text('one\ntwo\nthree'), 600)).toBe(
      estimateRowHeight(text('one'), 600) + 2 * 21,
    );
  });

  it('leaves room for an image, a quote, a template label and a failed send', () => {
    const plain = estimateRowHeight(text('hi'), 600);
    const image: EstimatedRow = {
      kind: 'message',
      showSender: false,
      message: { type: 'image', text: null, status: 'read', quoted_message_id: null },
    };
    expect(estimateRowHeight(image, 600)).toBeGreaterThan(plain + 80);
    expect(
      estimateRowHeight(
        text('hi', { message: { type: 'text', text: 'hi', status: 'read', quoted_message_id: 'm1' } }),
        600,
      ),
    ).toBeGreaterThan(plain);
    expect(
      estimateRowHeight(
        text('hi', { message: { type: 'template', text: 'hi', status: 'read', quoted_message_id: null } }),
        600,
      ),
    ).toBeGreaterThan(plain);
    expect(
      estimateRowHeight(
        text('hi', { message: { type: 'text', text: 'hi', status: 'failed', quoted_message_id: null } }),
        600,
      ),
    ).toBeGreaterThan(plain);
  });

  it('sizes a note by its text', () => {
    const short = estimateRowHeight({ kind: 'note', note: { body: 'Called them' } }, 600);
    const long = estimateRowHeight({ kind: 'note', note: { body: 'x '.repeat(200) } }, 600);
    expect(long).toBeGreaterThan(short);
  });
});
