import * as z from 'zod/mini';
import { CustomerStatus } from './customers';
import { CustomerType, Priority } from './leads';
import { OwnerFilter } from './routes/screens';

// CSV exports (routes/exports.ts: `exports.leads`, …), with the filters the screen shows applied.
// Streamed row by row by the BFF from the workspace it holds.

export const EXPORT_KINDS = ['leads', 'customers', 'contacts'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const LeadExportQuery = z.lazy(() =>
  z.strictObject({
    priority: z.optional(Priority),
    search: z.optional(z.string().check(z.maxLength(200))),
    owner: z.optional(OwnerFilter),
    /** A stage key: one board column. */
    stage: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  }),
);
export type LeadExportQuery = z.infer<typeof LeadExportQuery>;

export const CustomerExportQuery = z.lazy(() =>
  z.strictObject({
    status: z.optional(CustomerStatus),
    customer_type: z.optional(CustomerType),
  }),
);
export type CustomerExportQuery = z.infer<typeof CustomerExportQuery>;

export const ContactExportQuery = z.lazy(() =>
  z.strictObject({
    /** One customer's contacts. */
    customer_id: z.optional(z.guid()),
  }),
);
export type ContactExportQuery = z.infer<typeof ContactExportQuery>;
