// Ports and paths of an e2e run; overridable so two runs (or two engineers) don't collide.
const bffPort = Number(process.env.E2E_BFF_PORT ?? 8181);
const upstreamPort = Number(process.env.E2E_UPSTREAM_PORT ?? 4181);

export const e2eEnv = {
  bffPort,
  upstreamPort,
  upstreamOrigin: `http://127.0.0.1:${upstreamPort}`,
  baseURL: `http://127.0.0.1:${bffPort}`,
  staticDir: process.env.E2E_STATIC_DIR ?? 'dist',
  logFile: process.env.E2E_LOG_FILE ?? `test-results/bff-${bffPort}.log`,
  // The fake upstream's Acme admin key: a test fixture, never a real secret. Tests prove it never
  // reaches the browser or the logs.
  apiKey: 'demo-admin-key',
  tenantId: '11111111-1111-4111-8111-111111111111',
};
