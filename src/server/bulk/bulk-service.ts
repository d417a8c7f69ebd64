import { randomUUID } from 'node:crypto';
import {
  SNOOZE_MAX_MS,
  SNOOZE_MIN_MS,
  type BulkArgs,
  type BulkReport,
  type BulkRun,
  type ConversationBulkBody,
  type LeadBulkBody,
} from '../../contract';
import type { User } from '../auth/users';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { BulkProgress } from './bulk-progress';
import type { BulkRepository } from './bulk-repository';
import type { BulkRunner } from './bulk-runner';
import { conversationItems, leadItems, type Resolved } from './bulk-selection';

// Starting, reading, cancelling and resuming bulk actions (the routes' side; the runner does the
// work). A start checks what the action needs before anything is kept (the teammate, the stage,
// the snooze's time), resolves the selection to a fixed list, keeps the run and queues its first
// slice. A run is seen and steered by who started it, and by managers and admins.

export interface BulkServiceDeps {
  readonly repository: BulkRepository;
  readonly runner: Pick<BulkRunner, 'queueFirst'>;
  readonly workspace: WorkspaceReader;
  readonly progress: Pick<BulkProgress, 'now'>;
  /** Upstream user ids a thread or a lead may be given to (the team's roster). */
  readonly assignable: ReadonlySet<string>;
  /** Now, when the BFF keeps snoozes: a snoozed thread lists as such under the filter. */
  readonly snoozesAt: (() => Date) | null;
  readonly clock: () => number;
}

export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: 400 | 404 | 409 | 503; readonly message: string };

const fail = (status: 400 | 404 | 409 | 503, message: string) => ({ ok: false, status, message }) as const;
const NOT_FOUND = fail(404, 'No such bulk action');
const LOADING = fail(503, 'The workspace is still loading: try again in a moment');

export class BulkService {
  constructor(private readonly deps: BulkServiceDeps) {}

  async startOnConversations(user: User, body: ConversationBulkBody): Promise<Outcome<BulkRun>> {
    const args = body.args ?? {};
    let kept: BulkArgs = {};
    if (body.action === 'assign') {
      const check = this.assignee(args.userId);
      if (typeof check === 'object') return check;
      kept = { userId: check };
    }
    if (body.action === 'snooze') {
      const ahead = args.until === undefined ? NaN : Date.parse(args.until) - this.deps.clock();
      if (!Number.isFinite(ahead)) return fail(400, 'args.until is required to snooze');
      if (ahead < SNOOZE_MIN_MS) return fail(400, 'args.until must be at least a minute from now');
      if (ahead > SNOOZE_MAX_MS) return fail(400, 'args.until must be within a year');
      kept = { until: new Date(Date.parse(args.until!)).toISOString() };
      if (!this.deps.snoozesAt) return fail(503, 'Snoozing is not available: the BFF keeps no snoozes');
    }
    if (!(await this.loaded('conversations'))) return LOADING;
    const resolved = await conversationItems(this.deps.workspace, body.selection, this.deps.snoozesAt?.());
    return this.keep(user, 'conversations', body.action, kept, resolved);
  }

  async startOnLeads(user: User, body: LeadBulkBody): Promise<Outcome<BulkRun>> {
    const args = body.args ?? {};
    let kept: BulkArgs = {};
    if (body.action === 'reassign') {
      const check = this.assignee(args.userId);
      if (typeof check === 'object') return check;
      kept = { userId: check };
    }
    if (body.action === 'move') {
      if (!args.stage) return fail(400, 'args.stage is required to move leads');
      const stages = await this.deps.workspace.list('stages');
      if (stages === null) return LOADING;
      if (!stages.some((s) => s.key === args.stage))
        return fail(400, 'args.stage is not a stage of this pipeline');
      kept = { stage: args.stage };
    }
    if (!(await this.loaded('leads'))) return LOADING;
    const resolved = await leadItems(this.deps.workspace, body.selection);
    return this.keep(user, 'leads', body.action, kept, resolved);
  }

  async list(user: User): Promise<BulkRun[]> {
    return this.deps.repository.recentOf(user.username);
  }

  async get(user: User, id: string): Promise<Outcome<BulkRun>> {
    const run = await this.deps.repository.get(id);
    return run && this.sees(user, run) ? { ok: true, value: run } : NOT_FOUND;
  }

  async report(user: User, id: string): Promise<Outcome<BulkReport>> {
    const run = await this.get(user, id);
    if (!run.ok) return run;
    return { ok: true, value: { run: run.value, refused: await this.deps.repository.refused(id) } };
  }

  /** Stops a run that is not over: its slice ends after the item it is on. */
  async cancel(user: User, id: string): Promise<Outcome<BulkRun>> {
    const run = await this.get(user, id);
    if (!run.ok) return run;
    const open = (['queued', 'running', 'paused', 'failed'] as const).filter((s) => s === run.value.state);
    if (
      open.length === 0 ||
      !(await this.deps.repository.setState(id, 'cancelled', this.now(), { from: open }))
    )
      return fail(409, `This bulk action is ${run.value.state} already`);
    await this.deps.progress.now(id);
    return this.get(user, id);
  }

  /** Goes on with a paused or failed run from its first item not done. */
  async resume(user: User, id: string): Promise<Outcome<BulkRun>> {
    const run = await this.get(user, id);
    if (!run.ok) return run;
    if (
      !(await this.deps.repository.setState(id, 'queued', this.now(), {
        from: ['paused', 'failed'],
        reason: null,
      }))
    )
      return fail(409, `Only a paused or failed bulk action can be resumed; this one is ${run.value.state}`);
    await this.deps.runner.queueFirst(id);
    await this.deps.progress.now(id);
    return this.get(user, id);
  }

  private sees(user: User, run: BulkRun): boolean {
    return run.startedBy === user.username || user.role === 'manager' || user.role === 'admin';
  }

  private assignee(userId: string | undefined): string | ReturnType<typeof fail> {
    if (!userId) return fail(400, 'args.userId is required: whom to give them to');
    if (!this.deps.assignable.has(userId)) return fail(400, 'args.userId is not a member of the team');
    return userId;
  }

  private async loaded(kind: 'conversations' | 'leads'): Promise<boolean> {
    const loaded = await this.deps.workspace.meta<unknown>('loaded');
    return Array.isArray(loaded) && loaded.includes(kind);
  }

  private now(): Date {
    return new Date(this.deps.clock());
  }

  private async keep(
    user: User,
    target: BulkRun['target'],
    action: BulkRun['action'],
    args: BulkArgs,
    resolved: Resolved,
  ): Promise<Outcome<BulkRun>> {
    if (!resolved.ok) return resolved;
    const id = randomUUID();
    const { repository } = this.deps;
    await repository.create(
      { id, target, action, args, startedBy: user.username, at: this.now() },
      resolved.items,
    );
    try {
      await this.deps.runner.queueFirst(id);
    } catch (error) {
      // Never left queued with nothing to run it: failed, to be resumed.
      await repository
        .setState(id, 'failed', this.now(), {
          from: ['queued'],
          reason: 'The bulk action could not be queued; resume it to try again.',
        })
        .catch(() => undefined);
      throw error;
    }
    const run = await repository.get(id);
    return run ? { ok: true, value: run } : NOT_FOUND;
  }
}
