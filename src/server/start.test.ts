import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';
import { startBff } from './start';
import { LogCapture } from './testing/test-app';

describe('startBff in demo mode', () => {
  it('serves the embedded fake with the Acme key, says demo mode and never logs the key', async () => {
    const logs = new LogCapture();
    const running = await startBff(parseConfig({ PORT: '0', STATIC_DIR: '/nonexistent' }), {
      logStream: logs,
    });
    try {
      const ready = await fetch(`${running.origin}/readyz`);
      expect(ready.status).toBe(200);
      const stages = await fetch(`${running.origin}/api/crm/v1/lead-stages`);
      expect(stages.status).toBe(200);
      expect(Array.isArray(await stages.json())).toBe(true);
      expect(logs.text()).toContain('demo mode');
      expect(logs.text()).not.toContain('demo-admin-key');
    } finally {
      await running.close();
    }
  });

  it('refuses to listen on anything but loopback', async () => {
    await expect(
      startBff(parseConfig({ PORT: '0', HOST: '0.0.0.0' }), { logStream: new LogCapture() }),
    ).rejects.toThrow(ConfigError);
  });
});
