import { randomUUID } from 'node:crypto';
import {
  LABELS_MAX,
  LABELS_PER_THREAD_MAX,
  type Label,
  type LabelCreate,
  type LabelList,
  type LabelUpdate,
  type ThreadLabels,
  type ThreadLabelsChange,
} from '../../contract/labels';
import type { EventBus } from '../events/bus';
import { isNameTaken, type LabelRepository } from './label-repository';

// Labels (issue 39 item 4): the team's list, kept by managers and admins (the role matrix says
// who), and the labels on threads, which anyone changes. Every change reaches every browser: the
// whole list (`labels.replaced`: it is short and changes rarely) or one thread's labels
// (`conversation.labels`). The audit log records each call (src/server/audit), as for every route.

/** An answer, or a refusal the routes send as it is (400 lines name the field). */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: 400 | 403 | 404 | 409; readonly message: string };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refused = (status: 400 | 403 | 404 | 409, message: string): Outcome<never> => ({
  ok: false,
  status,
  message,
});

const NAME_TAKEN = refused(400, 'name is already taken by another label');
const NO_LABEL = refused(404, 'No such label');

export interface LabelServiceDeps {
  readonly repository: LabelRepository;
  readonly bus: EventBus | null;
  readonly clock: () => number;
}

export class LabelService {
  constructor(private readonly deps: LabelServiceDeps) {}

  async list(): Promise<LabelList> {
    return { labels: await this.deps.repository.all() };
  }

  async create(body: LabelCreate): Promise<Outcome<Label>> {
    const { repository } = this.deps;
    if (await repository.named(body.name)) return NAME_TAKEN;
    if ((await repository.all()).length >= LABELS_MAX)
      return refused(400, `name: the team keeps at most ${String(LABELS_MAX)} labels`);
    const id = randomUUID();
    try {
      await repository.create({ id, name: body.name, color: body.color }, new Date(this.deps.clock()));
    } catch (error) {
      // Another instance made the same name (whatever its case) in between.
      if (isNameTaken(error)) return NAME_TAKEN;
      throw error;
    }
    return this.replaced(id);
  }

  async update(id: string, body: LabelUpdate): Promise<Outcome<Label>> {
    const { repository } = this.deps;
    if (body.name !== undefined && (await repository.named(body.name, id))) return NAME_TAKEN;
    try {
      if (!(await repository.update(id, body))) return NO_LABEL;
    } catch (error) {
      if (isNameTaken(error)) return NAME_TAKEN;
      throw error;
    }
    return this.replaced(id);
  }

  /** Gone from the list and from every thread; views naming it open without it. */
  async remove(id: string): Promise<Outcome<LabelList>> {
    if (!(await this.deps.repository.remove(id))) return NO_LABEL;
    const labels = await this.deps.repository.all();
    await this.deps.bus?.publish([{ event: { type: 'labels.replaced', labels } }]);
    return ok({ labels });
  }

  /** Adds and removes labels on a thread; what it has already, or has not, is no change. */
  async changeThread(conversationId: string, change: ThreadLabelsChange): Promise<Outcome<ThreadLabels>> {
    const { repository } = this.deps;
    const add = [...new Set(change.add ?? [])];
    const remove = [...new Set(change.remove ?? [])].filter((id) => !add.includes(id));
    const known = await repository.existing(add);
    const unknown = add.findIndex((id) => !known.has(id));
    if (unknown >= 0) return refused(400, `add.${String(unknown)} is not a label`);
    if (!(await repository.threadExists(conversationId))) return refused(404, 'Not in this workspace');
    const held = await repository.ofThread(conversationId);
    const after = new Set([...held, ...add].filter((id) => !remove.includes(id)));
    if (after.size > LABELS_PER_THREAD_MAX)
      return refused(400, `add: a thread carries at most ${String(LABELS_PER_THREAD_MAX)} labels`);
    const labelIds = await repository.change(conversationId, add, remove, new Date(this.deps.clock()));
    await this.deps.bus?.publish([{ event: { type: 'conversation.labels', conversationId, labelIds } }]);
    return ok({ conversationId, labelIds });
  }

  /** The list after a change, told to every browser; the label changed, in it. */
  private async replaced(id: string): Promise<Outcome<Label>> {
    const labels = await this.deps.repository.all();
    await this.deps.bus?.publish([{ event: { type: 'labels.replaced', labels } }]);
    const label = labels.find((l) => l.id === id);
    return label ? ok(label) : NO_LABEL;
  }
}
