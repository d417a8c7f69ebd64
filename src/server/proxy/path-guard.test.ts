import { describe, expect, it } from 'vitest';
import { guardTarget, MAX_TARGET_LENGTH } from './path-guard';

describe('guardTarget', () => {
  it.each([
    ['/api/crm/v1/leads', '/api/crm/v1/leads', ''],
    ['/api/crm/v1/leads?page=2&limit=5', '/api/crm/v1/leads', 'page=2&limit=5'],
    [
      '/api/social/v1/chat/wa-groups/120363025246125486%40g.us?channelId=x',
      '/api/social/v1/chat/wa-groups/120363025246125486%40g.us',
      'channelId=x',
    ],
    [
      '/api/social/v1/chat/wa-groups/120363025246125486@g.us',
      '/api/social/v1/chat/wa-groups/120363025246125486@g.us',
      '',
    ],
  ])('accepts %s', (raw, path, query) => {
    expect(guardTarget(raw)).toEqual({ ok: true, path, query });
  });

  it.each([
    '/api/crm/../social/v1/leads',
    '/api/crm/v1/./leads',
    '/api/crm/v1/leads/..',
    '/api/crm/%2e%2e/v1/leads',
    '/api/crm/%2E%2E/v1/leads',
    '/api/crm/.%2e/v1/leads',
    '/api/crm/%2e/v1/leads',
    '/api/crm/v1%2fleads',
    '/api/crm/v1%2Fleads',
    '/api/crm/v1%5cleads',
    '/api/crm/v1\\leads',
    '/api/crm/v1/leads/%252e%252e',
    '/api/crm//v1/leads',
    '/api/crm/v1/leads/',
    '//evil.example.com/api/crm/v1/leads',
    'http://evil.example.com/api/crm/v1/leads',
    '/api/crm/http://evil.example.com/v1/leads',
    '/api/crm/v1/leads%0d%0aX-Injected:1',
    '/api/crm/v1/leads\r\nX-Injected: 1',
    '/api/crm/v1/leads%00',
    '/api/crm/v1/le ads',
    '/api/crm/v1/leads/%zz',
    '/api/crm/v1/leads/%4',
    '/api/crm/v1/\uff0e\uff0e/leads',
    '/api/crm/v1/%ef%bc%8e%ef%bc%8e/leads',
    '/api/crm/v1/leads?x=1\r\n',
    '/api/crm/v1/leads?x=1#frag',
    '/api/crm/v1/leads#frag',
    `/api/crm/v1/leads/${'a'.repeat(MAX_TARGET_LENGTH)}`,
  ])('refuses %j', (raw) => {
    expect(guardTarget(raw).ok).toBe(false);
  });
});
