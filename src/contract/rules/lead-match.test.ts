import { describe, expect, it } from 'vitest';
import { lead } from '../testing/records';
import { leadMatcher } from './lead-match';

describe('leadMatcher', () => {
  const owner = '00000000-0000-4000-8000-0000000000aa';
  const owned = lead({ assigned_to_user_id: owner, name: 'Ana', priority: 'high', status: 'new' });

  it('applies the owner filter (a user or nobody) besides priority and status', () => {
    expect(leadMatcher({ owner })(owned)).toBe(true);
    expect(leadMatcher({ owner: 'none' })(owned)).toBe(false);
    expect(leadMatcher({ owner: 'none' })({ ...owned, assigned_to_user_id: null })).toBe(true);
    expect(leadMatcher({ priority: 'high', status: 'new' })(owned)).toBe(true);
    expect(leadMatcher({ priority: 'low' })(owned)).toBe(false);
    expect(leadMatcher({ status: 'won' })(owned)).toBe(false);
  });

  it('searches the name, email and company, trimmed and ignoring case; never the phone', () => {
    const acme = lead({ name: 'Bo', email: 'BO@x.io', company_name: 'Acme Ltd', phone: '+4471234' });
    expect(leadMatcher({ search: ' an ' })(owned)).toBe(true);
    expect(leadMatcher({ search: 'ACME' })(acme)).toBe(true);
    expect(leadMatcher({ search: 'bo@x' })(acme)).toBe(true);
    expect(leadMatcher({ search: '4471234' })(acme)).toBe(false);
    expect(leadMatcher({ search: '   ' })(acme)).toBe(true);
  });
});
