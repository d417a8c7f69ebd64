import { test, expect } from './fixtures';
import { e2eEnv } from './env';

// The BFF as a browser meets it, through the real processes: what it forwards, what it refuses.
test.describe('BFF', () => {
  test('is alive and sees both upstreams', async ({ request }) => {
    expect((await request.get('/healthz')).status()).toBe(200);
    expect((await request.get('/readyz')).status()).toBe(200);
  });

  test('forwards table routes with the key added and never shows the key', async ({ page }) => {
    const response = await page.request.get('/api/crm/v1/lead-stages');
    expect(response.status()).toBe(200);
    const stages = (await response.json()) as { key: string; position: number }[];
    expect(stages.length).toBeGreaterThanOrEqual(8);
    expect(stages.map((s) => s.position)).toEqual([...stages.map((s) => s.position)].sort((a, b) => a - b));
    expect(JSON.stringify(response.headers())).not.toContain(e2eEnv.apiKey);
  });

  test('refuses paths off the route table, including encoded traversal', async ({ page }) => {
    for (const path of [
      '/api/crm/v1/admin',
      '/api/crm/v1/leads/..%2f..%2fadmin',
      '/api/crm/v1/leads/%2e%2e/%2e%2e/x',
      '/api/social/v1/chat/wa-groups/..%252f..%252fx',
      '/api/crm/v1/customers/stats/../../v1/leads',
    ]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(404);
      const body = (await response.json()) as { statusCode: number; error: string };
      expect(body.statusCode).toBe(404);
    }
  });

  test('passes upstream errors through in the spec error body', async ({ page }) => {
    const response = await page.request.get('/api/crm/v1/leads/00000000-0000-4000-8000-000000000000');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  test('maps an upstream outage to 502 with the BFF error header', async ({ page, fake }) => {
    await fake.fail({ method: 'GET', path: '/v1/lead-stages', status: 401, count: 1 });
    const response = await page.request.get('/api/crm/v1/lead-stages');
    expect(response.status()).toBe(502);
    expect(response.headers()['x-bff-error']).toBe('1');
    expect(((await response.json()) as { message: string }).message).toMatch(/key/i);
  });
});
