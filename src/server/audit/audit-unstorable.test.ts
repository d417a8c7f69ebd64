import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuditPage } from '../../contract/audit';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { buildTestApp } from '../testing/test-app';
import { describeOnEachStore } from '../testing/test-stores';
import { sameOriginHeaders, signIn } from '../testing/test-users';

// Issue 34: a value the database cannot hold (U+0000 in a path parameter) once stopped the audit
// log for everyone, for good. Through the real app, on both databases.

describeOnEachStore('the audit log after an entry holding U+0000', (suite) => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;
  let admin: string;
  let agent: string;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    app = await buildTestApp(upstream, {
      env: { LOG_LEVEL: 'silent' },
      database: await suite.openFresh(),
    });
    admin = await signIn(app, 'admin');
    agent = await signIn(app, 'agent');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await upstream?.close();
  });

  const post = (url: string) =>
    app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, cookie: agent } });

  it('keeps writing: the entry is kept with the character replaced, and later entries follow', async () => {
    const poisoned = await post('/bff/mentions/1%00/read');
    expect(poisoned.statusCode).toBeLessThan(500);
    await post('/bff/mentions/2/read');
    // Reading the log writes what the writer holds first.
    const res = await app.inject({ method: 'GET', url: '/bff/audit?limit=50', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const records = AuditPage.parse(res.json())
      .data.filter((e) => e.action.includes('/bff/mentions/'))
      .map((e) => e.record);
    expect(records).toEqual([{ noteId: '2' }, { noteId: '1\uFFFD' }]);
  });
});
