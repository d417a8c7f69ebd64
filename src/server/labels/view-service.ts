import { randomUUID } from 'node:crypto';
import { roleCan } from '../../contract/roles';
import {
  inboxQueryOf,
  VIEWS_MAX,
  type InboxFilters,
  type SavedView,
  type SavedViewCreate,
  type SavedViewList,
  type SavedViewUpdate,
} from '../../contract/saved-views';
import type { User } from '../auth/users';
import type { EventBus } from '../events/bus';
import { inboxCountOf, type InboxContext } from '../screens/inbox-list';
import type { LabelRepository } from './label-repository';
import { ok, refused, type Outcome } from './label-service';
import type { SavedViewRow, ViewRepository } from './view-repository';

// Saved views (issue 39 item 4): one's own ('mine': nobody else sees it, anyone else asking gets
// a 404) or the team's (everyone sees them; only managers and admins make, change or delete them,
// as the labels). Each comes with its count for the one asking, by the inbox list's own SQL
// (inboxCountOf) under the view's filters: one request for all of them, read when the browser
// asks (on opening the inbox and, paced, after live changes), never pushed per viewer per message.

export interface ViewServiceDeps {
  readonly views: ViewRepository;
  readonly labels: LabelRepository;
  readonly db: Parameters<typeof inboxCountOf>[0]['db'];
  /** What the inbox's read knows of the person: their unread (only when a view filters by it), now. */
  readonly inboxContext: (username: string, unread: boolean) => Promise<InboxContext>;
  readonly bus: EventBus | null;
  readonly clock: () => number;
}

const NO_VIEW = refused(404, 'No such view');
const TEAM_ONLY = refused(403, 'Only managers and admins keep the team views');

/** Who may make, change and delete team views: those who keep the labels. */
const keepsTeamViews = (user: User): boolean => roleCan(user.role, 'labels.create');

export class ViewService {
  constructor(private readonly deps: ViewServiceDeps) {}

  async list(user: User): Promise<SavedViewList> {
    const [rows, labels] = await Promise.all([
      this.deps.views.visibleTo(user.username),
      this.deps.labels.all(),
    ]);
    const known = new Set(labels.map((l) => l.id));
    const views = await Promise.all(rows.map((row) => this.viewOf(row, user, known)));
    return { views };
  }

  async create(user: User, body: SavedViewCreate): Promise<Outcome<SavedView>> {
    if (body.scope === 'team' && !keepsTeamViews(user)) return TEAM_ONLY;
    const problem = await this.labelProblem(body.filters);
    if (problem) return problem;
    if ((await this.deps.views.countOwnedBy(user.username, body.scope)) >= VIEWS_MAX)
      return refused(400, `name: at most ${String(VIEWS_MAX)} views of this kind`);
    const row = await this.deps.views.create({
      id: randomUUID(),
      name: body.name,
      scope: body.scope,
      owner: user.username,
      filters: body.filters,
      created_at: new Date(this.deps.clock()),
    });
    await this.tell(row);
    return ok(await this.viewOf(row, user));
  }

  async update(user: User, id: string, body: SavedViewUpdate): Promise<Outcome<SavedView>> {
    const row = await this.mayChange(user, id);
    if (!row.ok) return row;
    if (body.filters) {
      const problem = await this.labelProblem(body.filters);
      if (problem) return problem;
    }
    const changed = await this.deps.views.update(id, body);
    if (!changed) return NO_VIEW;
    await this.tell(changed);
    return ok(await this.viewOf(changed, user));
  }

  async remove(user: User, id: string): Promise<Outcome<{ id: string }>> {
    const row = await this.mayChange(user, id);
    if (!row.ok) return row;
    await this.deps.views.remove(id);
    await this.tell(row.value);
    return ok({ id });
  }

  /** Another's own view is not there for them (404); a team view is the managers' and admins' (403). */
  private async mayChange(user: User, id: string): Promise<Outcome<SavedViewRow>> {
    const row = await this.deps.views.one(id);
    if (!row || (row.scope === 'mine' && row.owner !== user.username)) return NO_VIEW;
    if (row.scope === 'team' && !keepsTeamViews(user)) return TEAM_ONLY;
    return ok(row);
  }

  private async labelProblem(filters: InboxFilters): Promise<Outcome<never> | null> {
    if (!filters.label) return null;
    const known = await this.deps.labels.existing([filters.label]);
    return known.has(filters.label) ? null : refused(400, 'filters.label is not a label');
  }

  /** The view for this person, with its count; a label deleted since is dropped from its filters. */
  private async viewOf(row: SavedViewRow, user: User, known?: ReadonlySet<string>): Promise<SavedView> {
    const labels = known ?? (row.filters.label ? await this.deps.labels.existing([row.filters.label]) : null);
    const labelGone = row.filters.label !== undefined && !labels?.has(row.filters.label);
    const { label, ...rest } = row.filters;
    const filters: InboxFilters = labelGone ? rest : { ...rest, ...(label ? { label } : {}) };
    const query = inboxQueryOf(filters, user.upstreamUserId);
    const ctx = await this.deps.inboxContext(user.username, query.unread === true);
    const { unread, ...inbox } = query;
    const count = await inboxCountOf(
      { db: this.deps.db },
      { ...inbox, ...(unread ? { unread: 'true' } : {}) },
      ctx,
    );
    return {
      id: row.id,
      name: row.name,
      scope: row.scope,
      owner: row.owner,
      filters,
      count,
      ...(labelGone ? { labelGone } : {}),
    };
  }

  /** Its owner's browsers for their own view, everyone's for a team view. */
  private async tell(row: SavedViewRow): Promise<void> {
    await this.deps.bus?.publish([
      { event: { type: 'views.changed' }, ...(row.scope === 'mine' ? { audience: [row.owner] } : {}) },
    ]);
  }
}
