import { isLoopbackHost, type Config } from '../config';

export interface CookiePolicy {
  readonly name: string;
  readonly secure: boolean;
}

/**
 * `__Host-sid` with Secure wherever the browser reaches the BFF over HTTPS (behind a TLS-terminating
 * proxy: TRUST_PROXY). Only a plain-HTTP loopback run (the demo, e2e) uses an unprefixed `sid`
 * without Secure, because a browser drops Secure cookies set over http.
 */
export function cookiePolicy(config: Pick<Config, 'trustProxy' | 'host'>): CookiePolicy {
  const plainLoopback = !config.trustProxy && isLoopbackHost(config.host);
  return plainLoopback ? { name: 'sid', secure: false } : { name: '__Host-sid', secure: true };
}
