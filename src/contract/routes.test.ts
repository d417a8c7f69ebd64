import { describe, expect, it } from 'vitest';
import {
  ROUTES,
  ROUTES_BY_ID,
  SCREEN_ROUTES,
  BFF_ROUTES,
  buildPath,
  matchRoute,
  requiredScope,
  SCOPES,
  ROLE_MATRIX,
} from './index';

describe('route table', () => {
  it('has one entry per host, method and path, with known scopes', () => {
    const keys = ROUTES.map((r) => `${r.host} ${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of ROUTES) expect(SCOPES).toContain(route.scope);
  });

  it('lists every operation of the spec and decisions.md', () => {
    expect(ROUTES.length).toBe(42);
    expect(ROUTES.filter((r) => r.source === 'spec').length).toBeGreaterThanOrEqual(19);
  });

  it('matches fixed paths before templates', () => {
    expect(matchRoute('crm', 'GET', '/v1/customers/stats')?.route.id).toBe('customers.stats');
    expect(matchRoute('crm', 'GET', '/v1/customers/3f1c2b7a-9d4e-4c1a-8b2f-1234567890ab')?.route.id).toBe(
      'customers.get',
    );
    expect(matchRoute('social', 'POST', '/v1/conversations/send')?.route.id).toBe('conversations.send');
  });

  it('decodes a group JID and re-encodes it when building', () => {
    const match = matchRoute('social', 'GET', '/v1/chat/wa-groups/120363025246125486%40g.us');
    expect(match?.params.groupId).toBe('120363025246125486@g.us');
    expect(buildPath(ROUTES_BY_ID['groups.get'], { groupId: '120363025246125486@g.us' })).toBe(
      '/v1/chat/wa-groups/120363025246125486%40g.us',
    );
  });

  it('matches nothing off the table', () => {
    for (const path of [
      '/v1/leads/..',
      '/v1/leads/%2e%2e',
      '/v1/leads/..%2fadmin',
      '/v1/chat/wa-groups/..%2F..%2Fadmin',
      '/v1/leads/3f1c2b7a-9d4e-4c1a-8b2f-1234567890ab/../stats',
      '/v1/admin',
      'v1/leads',
      '/v1/leads/',
      '/v1/leads/not-an-id',
    ]) {
      expect(matchRoute('crm', 'GET', path), path).toBeNull();
      expect(matchRoute('social', 'GET', path), path).toBeNull();
    }
    expect(matchRoute('crm', 'PUT', '/v1/leads')).toBeNull();
    expect(matchRoute('social', 'GET', '/v1/leads')).toBeNull();
  });

  it('borrows the activity scope from the subject', () => {
    const route = ROUTES_BY_ID['activities.create'];
    expect(requiredScope(route, { lead_id: 'x' })).toBe('leads:create');
    expect(requiredScope(route, { customer_id: 'x' })).toBe('customers:create');
  });

  it('gives admins everything and agents no stage or lead writes', () => {
    expect(ROLE_MATRIX.admin.size).toBe(ROUTES.length + BFF_ROUTES.length);
    for (const screen of SCREEN_ROUTES) expect(ROLE_MATRIX.agent.has(screen.id)).toBe(true);
    expect(ROLE_MATRIX.agent.has('leadStages.update')).toBe(false);
    expect(ROLE_MATRIX.agent.has('leads.update')).toBe(false);
    expect(ROLE_MATRIX.manager.has('leads.update')).toBe(true);
    expect(ROLE_MATRIX.manager.has('leadStages.update')).toBe(false);
    expect(ROLE_MATRIX.agent.has('conversations.send')).toBe(true);
  });
});
