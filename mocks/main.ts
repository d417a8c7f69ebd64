import { startFakeUpstream } from './http';
import { ACME_TENANT, GLOBEX_TENANT } from './team';

// `npm run upstream`: the fake upstream on loopback. Key values are never printed (mocks/README.md).
const port = Number(process.env['UPSTREAM_PORT'] ?? 4010);
const scale = process.env['SEED_SCALE'] === 'large' ? 10 : 1;
const chatter = process.env['FAKE_CHATTER'] === '1';
// FAKE_CLOCK=frozen: time moves only through /__fake/clock (e2e); otherwise it follows real time.
const clock = process.env['FAKE_CLOCK'] === 'frozen' ? 'frozen' : 'live';

const upstream = await startFakeUpstream({ host: '127.0.0.1', port, scale, chatter, clock });
process.stdout.write(
  [
    `fake upstream listening on ${upstream.origin} (seed scale ${scale}, chatter ${chatter ? 'on' : 'off'}, clock ${clock}, ready in ${Math.round(performance.now())} ms)`,
    `  social base: ${upstream.socialBase}`,
    `  crm base:    ${upstream.crmBase}`,
    `  tenants: Acme ${ACME_TENANT}, Globex ${GLOBEX_TENANT}`,
    `  keys: Acme admin, read-only, revoked and expired; Globex admin (values: see mocks/README.md)`,
    `  control: ${upstream.origin}/__fake/* (see mocks/README.md)`,
    '',
  ].join('\n'),
);

const stop = () => {
  void upstream.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
