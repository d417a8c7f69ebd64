import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ContactExportQuery,
  CustomerExportQuery,
  LeadExportQuery,
  fieldErrors,
  type Contact,
  type Customer,
  type ExportKind,
  type Lead,
} from '../../contract';
import { sendBffError, sendRetryLater } from '../bff-error';
import { compareLeads, leadMatcher } from '../screens/lead-order';
import { ownDataUser, type OwnDataDeps } from '../store/own-data-routes';
import type { ReadModel } from '../sync/read-model';
import type { Person } from '../team';
import { contactColumns, customerColumns, leadColumns, type ExportContext } from './export-columns';
import { csvStream, type CsvColumn } from './csv-stream';

// GET /bff/export/leads.csv | customers.csv | contacts.csv   the list with the screen's filters,
// streamed as CSV from the workspace the BFF holds (no upstream call, however many rows). Every
// role that can see the list may export it.

export interface ExportRouteDeps extends OwnDataDeps {
  /** null: without the live workspace there is nothing to export. */
  readonly model: ReadModel | null;
  readonly members: readonly Person[];
  readonly clock: () => number;
}

const byNewest = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);

function send<T>(
  reply: FastifyReply,
  kind: ExportKind,
  now: number,
  rows: Iterable<T>,
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

export function registerExportRoutes(app: FastifyInstance, deps: ExportRouteDeps): void {
  const kept = { available: deps.model !== null, what: 'Exports are' };
  const names = new Map(deps.members.map((m) => [m.id, m.name]));
  const context = (model: ReadModel): ExportContext => ({
    model,
    ownerName: (id) => (id ? (names.get(id) ?? id) : ''),
  });

  app.get('/bff/export/leads.csv', async (request, reply) => {
    if (!(await ownDataUser(request, reply, deps, kept))) return reply;
    const parsed = LeadExportQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const model = deps.model!;
    if (!model.loaded.has('leads') || model.lists.stages === null) return stillLoading(reply);
    const matches = leadMatcher(parsed.data);
    const { stage } = parsed.data;
    // References to the model's own records, sorted; the CSV text is made as it streams.
    const rows: Lead[] = [];
    for (const lead of model.leads.values())
      if ((!stage || lead.status === stage) && matches(lead)) rows.push(lead);
    return send(reply, 'leads', deps.clock(), rows.sort(compareLeads), leadColumns(context(model)));
  });

  app.get('/bff/export/customers.csv', async (request, reply) => {
    if (!(await ownDataUser(request, reply, deps, kept))) return reply;
    const parsed = CustomerExportQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const model = deps.model!;
    if (!model.loaded.has('customers')) return stillLoading(reply);
    const { status, customer_type } = parsed.data;
    const rows: Customer[] = [];
    for (const c of model.customers.values())
      if ((!status || c.status === status) && (!customer_type || c.customer_type === customer_type))
        rows.push(c);
    return send(reply, 'customers', deps.clock(), rows.sort(byNewest), customerColumns(context(model)));
  });

  app.get('/bff/export/contacts.csv', async (request, reply) => {
    if (!(await ownDataUser(request, reply, deps, kept))) return reply;
    const parsed = ContactExportQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const model = deps.model!;
    // Contacts are swept one customer at a time: what is held once the customers are read is sent.
    if (!model.loaded.has('customers')) return stillLoading(reply);
    const { customer_id } = parsed.data;
    const rows: Contact[] = customer_id
      ? model.contactsOf(customer_id)
      : [...model.contacts.values()].sort(byNewest);
    return send(reply, 'contacts', deps.clock(), rows, contactColumns(context(model)));
  });
}
