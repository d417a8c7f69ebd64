/** Spec Part 5: scope names of the form `resource:action`. */
export const SCOPES = [
  'conversations:send',
  'conversations:read',
  'conversations:write',
  'templates:read',
  'channels:read',
  'leads:read',
  'leads:create',
  'leads:update',
  'leads:delete',
  'customers:read',
  'customers:create',
  'customers:update',
  'customers:delete',
  'customers:manage',
  'quick-replies:read',
  'quick-replies:write',
  'wa-groups:manage',
] as const;
export type Scope = (typeof SCOPES)[number];

export const READ_SCOPES: readonly Scope[] = SCOPES.filter((s) => s.endsWith(':read'));
