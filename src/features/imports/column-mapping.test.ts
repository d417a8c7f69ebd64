import { describe, expect, it } from 'vitest';
import { guessMapping, mapAndCheck, missingRequired } from './column-mapping';

describe('guessMapping', () => {
  it('maps headers by name and alias, each field once, an exact name first', () => {
    expect(
      guessMapping('leads', [
        'Full name',
        'E-mail',
        'Mobile',
        'Company',
        'Deal value',
        'Stage',
        'Notes',
        'Phone',
      ]),
    ).toEqual(['name', 'email', '', 'company_name', 'value', 'status', '', 'phone']);
    expect(guessMapping('leads', ['Mobile'])).toEqual(['phone']);
  });

  it("gives an exact name its field before another field's alias takes it", () => {
    expect(guessMapping('customers', ['Customer', 'Email', 'First name', 'Contact email'])).toEqual([
      'name',
      'email',
      'contact_first_name',
      'contact_email',
    ]);
  });

  it('names the required fields no column fills', () => {
    expect(missingRequired('leads', ['email', ''])).toEqual(['Name']);
    expect(missingRequired('leads', ['name'])).toEqual([]);
  });
});

describe('mapAndCheck', () => {
  it('maps every row and lists the rows the contract refuses by their row in the file', async () => {
    const seen: number[] = [];
    const result = await mapAndCheck(
      'leads',
      [
        ['Ana', 'ana@example.com', 'x'],
        ['', 'bad', 'y'],
        ['', '', ''],
      ],
      ['name', 'email', ''],
      { stages: [] },
      (done) => seen.push(done),
    );
    expect(result.rows).toEqual([
      { name: 'Ana', email: 'ana@example.com' },
      { name: '', email: 'bad' },
      { name: '', email: '' },
    ]);
    expect(result.problems).toEqual([
      { row: 3, errors: [expect.stringMatching(/^name /), 'email must be an email'] },
    ]);
    expect(seen).toEqual([3]);
  });
});
