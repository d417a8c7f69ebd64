import type { FastifyReply } from 'fastify';
import type { EXPORT_ROUTES, ExportKind } from '../../contract';
import { sendRetryLater } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { Person } from '../team';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { contactColumns, customerColumns, leadColumns } from './export-columns';
import { csvStream, type CsvColumn } from './csv-stream';
import { contactRows, customerRows, leadRows, type ContactRow } from './export-pages';

// GET /bff/export/leads.csv | customers.csv | contacts.csv   the list with the screen's filters,
// streamed as CSV from the workspace tables a keyset page at a time (export-pages.ts; no upstream
// call, however many rows). Every role that can see the list may export it. Routes in
// src/contract/routes/exports.ts; without the live workspace they answer 503.

export interface ExportRouteDeps {
  readonly workspace: WorkspaceReader;
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

type ExportRouteId = (typeof EXPORT_ROUTES)[number]['id'];

export function exportHandlers(deps: ExportRouteDeps): BffHandlers<ExportRouteId> {
  const { workspace } = deps;
  const names = new Map(deps.members.map((m) => [m.id, m.name]));
  const ownerName = (id: string | null | undefined) => (id ? (names.get(id) ?? id) : '');

  return {
    'exports.leads': async ({ query, reply }) => {
      const stages = await workspace.list('stages');
      if (!(await loaded(workspace, 'leads')) || stages === null) return stillLoading(reply);
      const stageNames = new Map(stages.map((s) => [s.key, s.name]));
      const rows = leadRows(workspace.db, query);
      return send(reply, 'leads', deps.clock(), rows, leadColumns({ stageNames, ownerName }));
    },

    'exports.customers': async ({ query, reply }) => {
      if (!(await loaded(workspace, 'customers'))) return stillLoading(reply);
      const rows = customerRows(workspace.db, query);
      return send(reply, 'customers', deps.clock(), rows, customerColumns({ ownerName }));
    },

    'exports.contacts': async ({ query, reply }) => {
      // Contacts are swept one customer at a time: what is held once the customers are read is sent.
      if (!(await loaded(workspace, 'customers'))) return stillLoading(reply);
      const { customer_id } = query;
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
    },
  };
}
