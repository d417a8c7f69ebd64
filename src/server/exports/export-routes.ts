import type { AnyBffHandlers } from '../bff-routes/bff-handlers';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ContactExportQuery,
  CustomerExportQuery,
  LeadExportQuery,
  fieldErrors,
  type ExportKind,
} from '../../contract';
import { sendBffError, sendRetryLater } from '../bff-error';
import { fromStore, ownDataUser, type OwnDataDeps } from '../store/own-data-routes';
import type { Person } from '../team';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { contactColumns, customerColumns, leadColumns } from './export-columns';
import { csvStream, type CsvColumn } from './csv-stream';
import { contactRows, customerRows, leadRows, type ContactRow } from './export-pages';

// GET /bff/export/leads.csv | customers.csv | contacts.csv   the list with the screen's filters,
// streamed as CSV from the workspace tables a keyset page at a time (export-pages.ts; no upstream
// call, however many rows). Every role that can see the list may export it.

export interface ExportRouteDeps extends OwnDataDeps {
  /** null: without the live workspace there is nothing to export. */
  readonly workspace: WorkspaceReader | null;
  readonly members: readonly Person[];
  readonly clock: () => number;
}

function send<T>(
  reply: FastifyReply,
  kind: ExportKind,
  now: number,
  rows: Iterable<T> | AsyncIterable<T>,
  columns: CsvColumn<T>[],
) {
  const day = new Date(now).toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${kind}-${day}.csv"`)
    .send(csvStream(rows, columns));
}

const WHAT = 'Exports are';
const LOADING_RETRY_MS = 5_000;

/** Before the sync's first full read of what an export lists, its file would be empty or partial:
 *  the browser is asked to try again instead of being handed a file that silently lacks records. */
const stillLoading = (reply: FastifyReply) =>
  sendRetryLater(reply, 503, LOADING_RETRY_MS, 'The workspace is still loading: try again shortly');

/** Whether the sync has read this collection in full at least once (ws_meta's `loaded`). */
async function loaded(workspace: WorkspaceReader, collection: 'leads' | 'customers'): Promise<boolean> {
  const done = await workspace.meta<unknown>('loaded');
  return Array.isArray(done) && done.includes(collection);
}

export function registerExportRoutes(app: FastifyInstance, deps: ExportRouteDeps): AnyBffHandlers {
  const kept = { available: deps.workspace !== null, what: WHAT };
  const names = new Map(deps.members.map((m) => [m.id, m.name]));
  const ownerName = (id: string | null | undefined) => (id ? (names.get(id) ?? id) : '');

  app.get('/bff/export/leads.csv', async (request, reply) => {
    if (!(await ownDataUser(request, reply, deps, kept))) return reply;
    const parsed = LeadExportQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const workspace = deps.workspace!;
    return fromStore(reply, WHAT, async () => {
      const stages = await workspace.list('stages');
      if (!(await loaded(workspace, 'leads')) || stages === null) return stillLoading(reply);
      const stageNames = new Map(stages.map((s) => [s.key, s.name]));
      const rows = leadRows(workspace.db, parsed.data);
      return send(reply, 'leads', deps.clock(), rows, leadColumns({ stageNames, ownerName }));
    });
  });

  app.get('/bff/export/customers.csv', async (request, reply) => {
    if (!(await ownDataUser(request, reply, deps, kept))) return reply;
    const parsed = CustomerExportQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const workspace = deps.workspace!;
    return fromStore(reply, WHAT, async () => {
      if (!(await loaded(workspace, 'customers'))) return stillLoading(reply);
      const rows = customerRows(workspace.db, parsed.data);
      return send(reply, 'customers', deps.clock(), rows, customerColumns({ ownerName }));
    });
  });

  app.get('/bff/export/contacts.csv', async (request, reply) => {
    if (!(await ownDataUser(request, reply, deps, kept))) return reply;
    const parsed = ContactExportQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const workspace = deps.workspace!;
    return fromStore(reply, WHAT, async () => {
      // Contacts are swept one customer at a time: what is held once the customers are read is sent.
      if (!(await loaded(workspace, 'customers'))) return stillLoading(reply);
      const { customer_id } = parsed.data;
      let rows: Iterable<ContactRow> | AsyncIterable<ContactRow>;
      if (customer_id) {
        // One customer's contacts are few: read at once, primary first.
        const [contacts, customer] = await Promise.all([
          workspace.contactsOf(customer_id),
          workspace.customerNames([customer_id]),
        ]);
        rows = contacts.map((contact) => ({ contact, customer: customer.get(contact.customer_id) }));
      } else rows = contactRows(workspace.db);
      return send(reply, 'contacts', deps.clock(), rows, contactColumns());
    });
  });
  return {};
}
