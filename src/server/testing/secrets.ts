import { expect } from 'vitest';
import { TEST_KEY } from './test-app';
import { TEST_USERS } from './test-users';

/** Asserts that none of the suite's secrets (the key, any password, given cookie values) is in text. */
export function expectNoSecrets(text: string, cookies: readonly string[] = []): void {
  expect(text).not.toContain(TEST_KEY);
  for (const user of Object.values(TEST_USERS)) expect(text).not.toContain(user.password);
  for (const cookie of cookies) {
    const value = cookie.split('=')[1] ?? '';
    if (value.length > 0) expect(text).not.toContain(value);
  }
}
