import * as z from 'zod/mini';
import { ContactExportQuery, CustomerExportQuery, LeadExportQuery } from '../exports';
import { bffRoute } from './bff-define';

// CSV exports (every role that sees the lists): a list with the screen's filters, streamed by the
// BFF from the live workspace's tables. Downloads the browser navigates to (`bffUrl`), not JSON.

const csv = <const I extends string, const P extends string, const Q extends z.ZodMiniType>(
  id: I,
  path: P,
  query: Q,
) =>
  bffRoute({
    id,
    method: 'GET',
    path,
    query,
    response: z.string(),
    answer: 'file',
    needs: ['live'],
    what: 'Exports are',
  });

export const EXPORT_ROUTES = [
  csv('exports.leads', '/bff/export/leads.csv', LeadExportQuery),
  csv('exports.customers', '/bff/export/customers.csv', CustomerExportQuery),
  csv('exports.contacts', '/bff/export/contacts.csv', ContactExportQuery),
] as const;
