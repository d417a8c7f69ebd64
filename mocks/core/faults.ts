import type { Host } from '../../src/contract/routes';

/** `/__fake/fail`: the next `remaining` calls matching method and path fail (or are delayed). */
export interface FaultRule {
  method: string;
  /** A template below the host base (`/v1/leads/{id}`) or an exact path (`/v1/leads/3f2…`). */
  path: string;
  host?: Host;
  status?: number;
  remaining: number;
  message?: string;
  delayMs?: number;
}

export class Faults {
  private rules: FaultRule[] = [];

  add(rule: FaultRule): void {
    this.rules.push({ ...rule, method: rule.method.toUpperCase() });
  }

  clear(): void {
    this.rules = [];
  }

  /** Takes (and counts down) the first rule that matches this call. */
  take(host: Host, method: string, template: string | undefined, rawPath: string): FaultRule | undefined {
    let decoded = rawPath;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      // Keep the raw path: a malformed escape can still match a rule written the same way.
    }
    const index = this.rules.findIndex(
      (r) =>
        (r.method === '*' || r.method === method) &&
        (r.host === undefined || r.host === host) &&
        (r.path === template || r.path === rawPath || r.path === decoded),
    );
    const rule = this.rules[index];
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules.splice(index, 1);
    return rule;
  }
}
