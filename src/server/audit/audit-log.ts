import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ACTIONS, type AuditOutcome } from '../../contract/audit';
import { matchRoute, type RouteDef } from '../../contract/routes';
import type { User } from '../auth/users';
import { MOUNTS } from '../proxy/proxy';
import { guardTarget } from '../proxy/path-guard';
import type { TeamStore } from '../store/open-store';
import { AuditRepository, type AuditRecord } from './audit-repository';
import { scheduleRetention, type RetentionSchedule } from './audit-retention';
import { BatchWriter, type BatchWriterOptions, type BatchWriterStats } from '../store/batch-writer';
import { SetAsideRepository } from '../store/set-aside-repository';
import type { AuditSummary } from '../../contract/audit-summary';
import {
  EMPTY_ROSTER,
  auditName,
  type AuditCall,
  type NameReader,
  type Names,
  type Roster,
} from './audit-call';
import { nameNeed, summarize } from './audit-summary';
import { WorkspaceNames } from './audit-names';

// What the audit log records: every state-changing call through the BFF (the proxy's mutating
// routes, refused ones included, and the BFF's own state-changing routes), every sign-in attempt
// and every sign-out. Who, what, which record, how it ended, from where, when. Never a body, a
// password or a cookie. Each entry also says what it did in names (audit-summary.ts): the record's
// name is read before the handler runs, by key and for a short while at most.

/** What the sign-in handlers report (auth-plugin.ts). */
export type AuthEvent = 'login' | 'login-failed' | 'login-throttled' | 'login-busy' | 'logout';

const AUTH_OUTCOMES: Readonly<Record<AuthEvent, AuditOutcome>> = {
  login: 'success',
  'login-failed': 'failure',
  'login-throttled': 'throttled',
  // Turned away before the password was checked: the same to the person as a throttle.
  'login-busy': 'throttled',
  logout: 'success',
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Recorded by their handlers (they know the outcome and whose account it was).
const AUTH_URLS = new Set(['/auth/login', '/auth/logout']);

export const outcomeOf = (status: number): AuditOutcome =>
  status < 400
    ? 'success'
    : status === 429
      ? 'throttled'
      : status === 401 || status === 403
        ? 'refused'
        : 'failure';

/** The contract route and its id params of a proxied call, also when a hook refused it first. */
const proxiedCall = (request: FastifyRequest): { route: RouteDef; params: Record<string, string> } | null => {
  const target = guardTarget(request.raw.url ?? '');
  if (!target.ok) return null;
  for (const host of ['social', 'crm'] as const) {
    const prefix = MOUNTS[host];
    if (!target.path.startsWith(`${prefix}/`)) continue;
    const match = matchRoute(host, request.method, target.path.slice(prefix.length));
    return match && { route: match.route, params: match.params };
  }
  return null;
};

const stringParams = (params: unknown): Record<string, string> | null => {
  if (params === null || typeof params !== 'object') return null;
  const out = Object.fromEntries(Object.entries(params).filter(([, v]) => typeof v === 'string'));
  return Object.keys(out).length > 0 ? (out as Record<string, string>) : null;
};

/** How long a call waits for its record's name at most before its handler runs. */
export const NAME_WAIT_MS = 250;

export interface AuditLogOptions {
  readonly log: FastifyBaseLogger;
  readonly clock: () => number;
  readonly retentionDays: number;
  readonly writer?: Omit<BatchWriterOptions, 'log' | 'label'>;
  /** Whom threads and leads are assigned to, by upstream id, for "assigned … to Marco Manager". */
  readonly roster?: Roster;
  /** Where names are read (default: the workspace tables of the store). */
  readonly names?: NameReader;
  /** Default NAME_WAIT_MS. */
  readonly nameWaitMs?: number;
}

/** The names read for a call, once they are in (a read that is late or fails leaves none). */
interface NameSlot {
  names: Names | null;
}

export class AuditLog {
  /** Null when the BFF runs without a database (tests of other rooms): nothing is kept. */
  readonly repository: AuditRepository | null;
  private readonly writer: BatchWriter<AuditRecord> | null;
  private readonly retention: RetentionSchedule | null;
  private readonly names: NameReader | null;
  private readonly roster: Roster;
  private readonly reading = new WeakMap<FastifyRequest, NameSlot>();

  constructor(
    store: TeamStore | null,
    private readonly opts: AuditLogOptions,
  ) {
    this.repository = store && new AuditRepository(store.db);
    this.writer =
      store &&
      this.repository &&
      new BatchWriter(this.repository, {
        // A row the database refuses is kept there, and the log goes on (issue 34).
        setAside: new SetAsideRepository(store.db),
        ...opts.writer,
        log: opts.log,
        label: 'audit',
      });
    this.retention =
      this.repository &&
      scheduleRetention(this.repository, {
        retentionDays: opts.retentionDays,
        now: opts.clock,
        log: opts.log,
      });
    this.names = opts.names ?? (store && new WorkspaceNames(store.db));
    this.roster = opts.roster ?? EMPTY_ROSTER;
  }

  /**
   * Before the handler runs: reads the names of the record the call acts on (a delete removes it),
   * waiting NAME_WAIT_MS at most. Never fails the call: without names the entry keeps its ids.
   */
  async readNames(request: FastifyRequest): Promise<void> {
    if (this.writer === null || this.names === null || SAFE_METHODS.has(request.method)) return;
    // A call without any cookie is refused as unsigned: nothing is read for it.
    if (request.cookies !== undefined && Object.keys(request.cookies).length === 0) return;
    const call = this.callOf(request);
    const need = call && nameNeed(call);
    if (!need) return;
    const slot: NameSlot = { names: null };
    this.reading.set(request, slot);
    let timer: NodeJS.Timeout | undefined;
    const read = this.names.read(need).then(
      (names) => {
        slot.names = names;
      },
      (error: unknown) => request.log.warn({ err: error, action: call.action }, 'audit: names not read'),
    );
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.opts.nameWaitMs ?? NAME_WAIT_MS);
    });
    await Promise.race([read, late]);
    clearTimeout(timer);
  }

  /** Records a state-changing call once its answer has gone; reads are not recorded. */
  recordCall(request: FastifyRequest, reply: FastifyReply): void {
    if (this.writer === null || SAFE_METHODS.has(request.method)) return;
    const url = request.routeOptions.url;
    // No route at all (a 404 off every table) changed nothing; sign-in and out report themselves.
    if (url === undefined || AUTH_URLS.has(url)) return;
    let action: string;
    let record: Record<string, string> | null;
    let route: RouteDef | null = null;
    if (request.bffRoute !== null && request.bffParams !== null) {
      route = request.bffRoute;
      action = route.id;
      record = Object.keys(request.bffParams).length > 0 ? { ...request.bffParams } : null;
    } else if (url.endsWith('/*')) {
      // Refused by a hook before the proxy matched it: matched here.
      const call = proxiedCall(request);
      if (call === null) return;
      route = call.route;
      action = call.route.id;
      record = Object.keys(call.params).length > 0 ? call.params : null;
    } else {
      action = `${request.method} ${url}`;
      record = stringParams(request.params);
    }
    this.write(
      request,
      request.bffUser,
      action,
      record,
      reply.statusCode,
      outcomeOf(reply.statusCode),
      this.summaryOf(request, action, record, route),
    );
  }

  /** The call as its names are read before it runs: its action, its path's ids and its body. */
  private callOf(request: FastifyRequest): AuditCall | null {
    const url = request.routeOptions.url;
    if (url === undefined || AUTH_URLS.has(url)) return null;
    const body = request.body;
    if (url.endsWith('/*')) {
      const call = proxiedCall(request);
      return call && { action: call.route.id, params: call.params, body, bodyValid: false };
    }
    return {
      action: `${request.method} ${url}`,
      params: stringParams(request.params) ?? {},
      body,
      bodyValid: false,
    };
  }

  /** What the call did, in names; the names read before it ran when they came in time. */
  private summaryOf(
    request: FastifyRequest,
    action: string,
    record: Readonly<Record<string, string>> | null,
    route: RouteDef | null,
  ): AuditSummary | null {
    try {
      const body = request.body;
      // Only a body the route took has the contract's field names for keys (they are listed).
      const bodyValid = route?.body !== undefined && route.body.safeParse(body).success;
      const names = this.reading.get(request)?.names ?? {};
      const summary = summarize({ action, params: record ?? {}, body, bodyValid }, names, this.roster);
      return withActor(summary, request.bffUser);
    } catch (error) {
      // Words are a courtesy: the entry is recorded without them.
      request.log.warn({ err: error, action }, 'audit: no summary');
      return withActor(null, request.bffUser);
    }
  }

  /** Records a sign-in attempt or a sign-out; `user` only when the account exists. */
  recordAuth(request: FastifyRequest, event: AuthEvent, user: User | null, status: number): void {
    const action = event === 'logout' ? AUTH_ACTIONS.logout : AUTH_ACTIONS.login;
    this.write(request, user, action, null, status, AUTH_OUTCOMES[event], withActor(null, user));
  }

  /**
   * A change the BFF made by itself (an assignment rule's): no request and no person behind it,
   * so no user, role or address; the summary names the rule.
   */
  recordAutomatic(action: string, record: Record<string, string>, summary: AuditSummary): void {
    this.writer?.record({
      at: new Date(this.opts.clock()),
      username: null,
      role: null,
      action,
      record,
      status: 200,
      outcome: 'success',
      ip: null,
      summary,
    });
  }

  /** Writes what is waiting now (a reader wants to see its own latest actions). */
  async flush(): Promise<void> {
    await this.writer?.flush();
  }

  stats(): BatchWriterStats | null {
    return this.writer?.stats() ?? null;
  }

  async close(): Promise<void> {
    await this.retention?.stop();
    await this.writer?.close();
  }

  private write(
    request: FastifyRequest,
    user: User | null,
    action: string,
    record: Record<string, string> | null,
    status: number,
    outcome: AuditOutcome,
    summary: AuditSummary | null,
  ): void {
    if (this.writer === null) return;
    const entry: AuditRecord = {
      at: new Date(this.opts.clock()),
      username: user?.username ?? null,
      role: user?.role ?? null,
      action,
      record,
      status,
      outcome,
      ip: request.ip ?? null,
      summary,
    };
    this.writer.record(entry);
  }
}

/** The summary with who did it, by the name they have as it is recorded; null when there is nothing to say. */
function withActor(summary: Omit<AuditSummary, 'actor'> | null, user: User | null): AuditSummary | null {
  if (user === null) return summary !== null && Object.keys(summary).length > 0 ? summary : null;
  return { ...summary, actor: auditName(user.displayName) };
}

/** Reads the names of the record a call acts on before it runs; records every such call once answered. */
export function registerAuditRecording(app: FastifyInstance, audit: AuditLog): void {
  app.addHook('preHandler', async (request) => audit.readNames(request));
  app.addHook('onResponse', (request, reply, done) => {
    audit.recordCall(request, reply);
    done();
  });
  app.addHook('onClose', async () => audit.close());
}
