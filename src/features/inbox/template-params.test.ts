import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  missingParams,
  placeholdersIn,
  previewTemplate,
  templateParamCount,
} from './template-params';

const orderUpdate = {
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Order {{2}}' },
    { type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped.' },
    { type: 'FOOTER', text: 'Acme Store' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Track' }] },
  ],
};

describe('template parameters', () => {
  it('finds positional placeholders, unique and sorted', () => {
    expect(placeholdersIn('{{2}} and {{1}} and {{ 2 }}')).toEqual([1, 2]);
    expect(placeholdersIn('no params')).toEqual([]);
    expect(placeholdersIn(null)).toEqual([]);
  });

  it('counts parameters by the highest position across components', () => {
    expect(templateParamCount(orderUpdate)).toBe(2);
    expect(templateParamCount({ components: [{ type: 'BODY', text: 'Only {{3}}' }] })).toBe(3);
    expect(templateParamCount({ components: [{ type: 'BODY', text: 'Hello' }] })).toBe(0);
  });

  it('fills what is given and keeps the rest visible as placeholders', () => {
    expect(fillPlaceholders('Hi {{1}}, order {{2}}', ['Ana'])).toBe('Hi Ana, order {{2}}');
    expect(fillPlaceholders('Hi {{1}}', ['  '])).toBe('Hi {{1}}');
  });

  it('previews header, body, footer and buttons', () => {
    expect(previewTemplate(orderUpdate, ['Ana', 'A-17'])).toEqual({
      header: 'Order A-17',
      body: 'Hi Ana, your order A-17 has shipped.',
      footer: 'Acme Store',
      buttons: ['Track'],
    });
  });

  it('lists the parameters still empty', () => {
    expect(missingParams(3, ['a', '', ' '])).toEqual([2, 3]);
    expect(missingParams(2, ['a', 'b'])).toEqual([]);
  });
});
