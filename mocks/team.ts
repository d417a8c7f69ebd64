// The people and AI agents the seed assigns threads and leads to. The BFF's demo roster
// (TEAM_FILE / USERS_FILE) uses the same ids, so "Mine" and owners line up in the demo.
export const TEAM_MEMBERS = [
  { id: 'a0000000-0000-4000-8000-000000000001', name: 'Ana Agent', email: 'ana@acme.test' },
  { id: 'a0000000-0000-4000-8000-000000000002', name: 'Marco Manager', email: 'marco@acme.test' },
  { id: 'a0000000-0000-4000-8000-000000000003', name: 'Ada Admin', email: 'ada@acme.test' },
  { id: 'a0000000-0000-4000-8000-000000000004', name: 'Sam Support', email: 'sam@acme.test' },
  { id: 'a0000000-0000-4000-8000-000000000005', name: 'Lee Sales', email: 'lee@acme.test' },
] as const;

export const AI_AGENTS = [
  { id: 'b0000000-0000-4000-8000-000000000001', name: 'Aria (support bot)' },
  { id: 'b0000000-0000-4000-8000-000000000002', name: 'Max (sales bot)' },
] as const;

export const ACME_TENANT = '11111111-1111-4111-8111-111111111111';
export const GLOBEX_TENANT = '22222222-2222-4222-8222-222222222222';
