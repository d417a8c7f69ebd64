import type { APIRequestContext } from '@playwright/test';
import { e2eEnv } from './env';

/** The fake upstream's `/__fake/` control surface (mocks/README.md), for arranging e2e tests. */
export class FakeControl {
  constructor(private readonly request: APIRequestContext) {}

  private async post(path: string, data: unknown = {}) {
    const response = await this.request.post(`${e2eEnv.upstreamOrigin}/__fake/${path}`, { data });
    if (!response.ok())
      throw new Error(`/__fake/${path} answered ${String(response.status())}: ${await response.text()}`);
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  reset() {
    return this.post('reset');
  }
  /** Moves the fake clock; message statuses advance on it. */
  advanceClock(ms: number) {
    return this.post('clock', { advanceMs: ms });
  }
  /**
   * Moves the fake clock to `aheadMs` past the real time. A frozen clock restarts at the fake's
   * first seed on every reset, so late in a run it is minutes behind the BFF's and the browser's,
   * which count time left from the real clock.
   */
  async clockToNow(aheadMs = 0) {
    const response = await this.request.get(`${e2eEnv.upstreamOrigin}/__fake/clock`);
    const { now } = (await response.json()) as { now: string };
    return this.advanceClock(Math.max(0, Date.now() - Date.parse(now)) + aheadMs);
  }
  inbound(message: {
    conversationId: string;
    text?: string;
    senderName?: string;
    type?: string;
    media?: Record<string, unknown>;
  }) {
    return this.post('inbound', message);
  }
  /** The next `count` calls matching method and path template fail with `status`. */
  fail(rule: {
    method: string;
    path: string;
    status: number;
    count?: number;
    message?: string;
    delayMs?: number;
  }) {
    return this.post('fail', rule);
  }
  failDelivery(conversationId: string, reason?: string) {
    return this.post('fail-delivery', { conversationId, reason });
  }
  planLimit(limit: string | null) {
    return this.post('plan-limit', { tenantId: e2eEnv.tenantId, limit });
  }
  async inviteLinkValid(link: string): Promise<boolean> {
    const response = await this.request.get(
      `${e2eEnv.upstreamOrigin}/__fake/invite-link-valid?link=${encodeURIComponent(link)}`,
    );
    return ((await response.json()) as { valid: boolean }).valid;
  }
  /** Calls the fake upstream directly as the Acme admin (for arranging data, never from the page). */
  async api<T = unknown>(host: 'social' | 'crm', method: string, path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(`${e2eEnv.upstreamOrigin}/${host}/api${path}`, {
      method,
      headers: { 'x-api-key': e2eEnv.apiKey, 'x-tenant-id': e2eEnv.tenantId },
      ...(data === undefined ? {} : { data }),
    });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${String(response.status())}: ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
