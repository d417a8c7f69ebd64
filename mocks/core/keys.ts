import { READ_SCOPES } from '../../src/contract/scopes';
import { ACME_TENANT, GLOBEX_TENANT } from '../team';
import { DAY_MS } from './time';
import type { ApiKey } from './types';

/** decisions.md's fixed credentials. Fixtures of the fake only: never logged, never in a response. */
export function seedKeys(now: Date): Map<string, ApiKey> {
  const keys: ApiKey[] = [
    { key: 'demo-admin-key', workspaceId: ACME_TENANT, scopes: [], revoked: false, expiresAt: null },
    {
      key: 'demo-readonly-key',
      workspaceId: ACME_TENANT,
      scopes: READ_SCOPES,
      revoked: false,
      expiresAt: null,
    },
    { key: 'demo-revoked-key', workspaceId: ACME_TENANT, scopes: [], revoked: true, expiresAt: null },
    {
      key: 'demo-expired-key',
      workspaceId: ACME_TENANT,
      scopes: [],
      revoked: false,
      expiresAt: new Date(now.getTime() - DAY_MS),
    },
    { key: 'globex-admin-key', workspaceId: GLOBEX_TENANT, scopes: [], revoked: false, expiresAt: null },
  ];
  return new Map(keys.map((k) => [k.key, k]));
}

/** Why a key is refused (401), or null when it may be used. */
export function keyRefusal(key: ApiKey | undefined, now: Date): string | null {
  if (!key) return 'The API key is not valid';
  if (key.revoked) return 'The API key has been revoked';
  if (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime()) return 'The API key has expired';
  return null;
}
