import { describe, expect, it } from 'vitest';
import { useFakeServer } from '../node';
import type { CallStatsBody } from './call-stats';
import { expectErrorBody } from './test-expect';
import { control, crm, social, UNKNOWN_ID } from './test-client';

useFakeServer();

const stats = async () => {
  const res = await control<CallStatsBody>('GET', 'stats');
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET /__fake/stats', () => {
  it('counts every call to either host by route, refused ones too, and not control calls', async () => {
    await control('POST', 'stats/reset');
    await social('GET', '/v1/conversations');
    await social('GET', '/v1/conversations', { query: { limit: 5 } });
    await crm('GET', '/v1/lead-stages', { key: null });
    await crm('GET', `/v1/leads/${UNKNOWN_ID}`);
    await crm('GET', '/v1/nowhere');
    await control('GET', 'clock');
    const body = await stats();
    expect(body.total).toBe(5);
    expect(body.byHost).toEqual({ social: 2, crm: 3 });
    expect(body.byRoute).toEqual({
      'conversations.list': 2,
      'leadStages.list': 1,
      'leads.get': 1,
      'GET (no route)': 1,
    });
  });

  it('starts again from zero on POST /__fake/stats/reset, and keeps counting across a data reset', async () => {
    await social('GET', '/v1/connect/channels');
    expect((await control('POST', 'stats/reset')).body).toEqual({ ok: true });
    expect((await stats()).total).toBe(0);
    await social('GET', '/v1/connect/channels');
    await control('POST', 'reset', { body: {} });
    await social('GET', '/v1/connect/channels');
    expect((await stats()).byRoute).toEqual({ 'channels.list': 2 });
  });

  it('refuses a query parameter with a 400 field error', async () => {
    const res = await control('GET', 'stats', { query: { verbose: 1 } });
    expectErrorBody(res, 400);
    expect(res.body).toMatchObject({ message: ['verbose is not allowed'] });
  });
});
