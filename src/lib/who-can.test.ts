import { describe, expect, it } from 'vitest';
import { whoCan } from './who-can';

describe('whoCan', () => {
  it('names the roles the table grants a route, in rank order', () => {
    expect(whoCan('contacts.update')).toBe('managers and admins');
    expect(whoCan('leadStages.delete')).toBe('admins');
    expect(whoCan('activities.create')).toBe('agents, managers and admins');
  });
});
