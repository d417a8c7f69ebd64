import * as z from 'zod/mini';
import { fieldErrors, once } from './common';
import { contactCreate, type ContactCreate } from './contacts';
import { CustomerCreate } from './customers';
import { ImportKind } from './import-kinds';
import { fold } from './text-fold';
import { LeadCreate, type LeadStage } from './leads';

// CSV import (issue 15): what a file's columns may be mapped to and how one row becomes the create
// body the contract checks; the jobs the BFF keeps and its routes' schemas are in import-jobs.ts.
// The browser runs the same row check for its preview as the BFF runs before it sends anything,
// so the two never disagree. Not in the contract's barrel: only the import screen and the BFF need
// it (the routes, in the barrel, need import-jobs.ts alone).

export { IMPORT_KINDS, ImportKind } from './import-kinds';
export * from './import-jobs';

export interface ImportField {
  readonly key: string;
  readonly label: string;
  readonly required?: boolean;
  /** Header names (folded: lower case, letters and digits only) that map to it on their own. */
  readonly aliases: readonly string[];
}

const f = (key: string, label: string, aliases: string[], required = false): ImportField => ({
  key,
  label,
  aliases: [key.replace(/[^a-z0-9]/g, ''), ...aliases],
  required,
});

export const LEAD_FIELDS: readonly ImportField[] = [
  f('name', 'Name', ['fullname', 'leadname', 'contactname', 'nome', 'nombre'], true),
  f('email', 'Email', ['emailaddress', 'mail', 'correo']),
  f('phone', 'Phone', ['phonenumber', 'mobile', 'telephone', 'tel', 'whatsapp', 'cell']),
  f('company_name', 'Company', ['company', 'organisation', 'organization', 'account', 'empresa']),
  f('status', 'Stage', ['stage', 'pipelinestage', 'leadstage', 'leadstatus']),
  f('priority', 'Priority', []),
  f('value', 'Value', ['amount', 'dealvalue', 'dealamount', 'revenue']),
  f('currency', 'Currency', []),
  f('probability', 'Probability (%)', ['winprobability', 'chance']),
  f('expected_close_date', 'Expected close (YYYY-MM-DD)', [
    'closedate',
    'expectedclose',
    'expectedclosedate',
  ]),
  f('source', 'Source', ['leadsource', 'origin', 'channel']),
  f('industry', 'Industry', ['sector']),
  f('customer_type', 'Type (individual or business)', ['type', 'customertype']),
];

export const CUSTOMER_FIELDS: readonly ImportField[] = [
  f('name', 'Customer name', ['customer', 'customername', 'accountname', 'account'], true),
  f('company_name', 'Company', ['company', 'companyname', 'organisation', 'organization']),
  f('email', 'Customer email', ['customeremail', 'emailaddress']),
  f('phone', 'Customer phone', ['customerphone', 'phonenumber', 'telephone']),
  f('website', 'Website', ['url', 'web', 'site']),
  f('industry', 'Industry', ['sector']),
  f('status', 'Status (active, inactive, prospect, archived)', ['customerstatus']),
  f('customer_type', 'Type (individual or business)', ['type', 'customertype']),
  f('street', 'Street', ['address', 'addressline1', 'street1']),
  f('city', 'City', ['town']),
  f('state', 'State or region', ['region', 'province', 'county']),
  f('country', 'Country', []),
  f('postal_code', 'Postal code', ['postcode', 'zip', 'zipcode']),
  f('contact_first_name', 'Contact first name', ['firstname', 'contactfirstname', 'givenname']),
  f('contact_last_name', 'Contact last name', ['lastname', 'contactlastname', 'surname', 'familyname']),
  f('contact_email', 'Contact email', ['contactemail', 'email']),
  f('contact_phone', 'Contact phone', ['contactphone', 'phone']),
  f('contact_mobile', 'Contact mobile', ['contactmobile', 'mobile', 'cell', 'whatsapp']),
  f('contact_position', 'Contact position', ['position', 'jobtitle', 'title', 'role']),
  f('contact_department', 'Contact department', ['department']),
];

export const IMPORT_FIELDS: Readonly<Record<ImportKind, readonly ImportField[]>> = {
  leads: LEAD_FIELDS,
  customers: CUSTOMER_FIELDS,
};

/** A row as the user mapped it: target field key to the cell's text. */
export type MappedRow = Readonly<Record<string, string>>;

export type CustomerImportRecord = {
  readonly customer: CustomerCreate;
  readonly contact: Omit<ContactCreate, 'customer_id'> | null;
};
export type ImportRecord = LeadCreate | CustomerImportRecord;

export type RowCheck<T> = { ok: true; record: T } | { ok: false; errors: string[] };

export interface RowContext {
  /** The pipeline's stages: a Stage cell may hold a stage's key or its name. */
  readonly stages: readonly Pick<LeadStage, 'key' | 'name'>[];
}

/** Folds a header or a cell for comparing: lower case, no accents, letters and digits only. */
export const foldKey = (text: string): string => fold(text).replace(/[^a-z0-9]/g, '');

/** The header is a file's row 1, so its first data row is row 2, as a spreadsheet numbers it. */
export const FIRST_DATA_ROW = 2;

/** A row with nothing in any mapped cell: set aside, neither sent nor refused. */
export const isEmptyRow = (row: MappedRow): boolean => Object.values(row).every((v) => v.trim() === '');

/** Cells named for a field the kind does not have, as the BFF's 400 words them. */
export function unknownImportFields(kind: ImportKind, rows: readonly MappedRow[]): string[] {
  const known = new Set(IMPORT_FIELDS[kind].map((f) => f.key));
  const unknown = new Set(rows.flatMap((r) => Object.keys(r).filter((k) => !known.has(k))));
  return [...unknown].map((k) => `rows: ${k} is not a field of a ${kind} import`);
}

/**
 * A number as people type it in a sheet: "1 234,50", "1,234.50", "€ 1200", "30%". The last of
 * `.` or `,` is the decimal mark when it has one or two digits after it; other marks group
 * thousands. Anything else is returned as NaN so the contract names the field.
 */
export function parseLooseNumber(text: string): number {
  const cleaned = text.replace(/[\s\u00a0'%€$£¥]|[A-Z]{3}/g, '');
  if (!/^-?[\d.,]+$/.test(cleaned)) return Number.NaN;
  const lastMark = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  const decimals = lastMark >= 0 ? cleaned.length - lastMark - 1 : 0;
  const hasDecimal = lastMark >= 0 && decimals >= 1 && decimals <= 2;
  const whole = (hasDecimal ? cleaned.slice(0, lastMark) : cleaned).replace(/[.,]/g, '');
  return Number(hasDecimal ? `${whole}.${cleaned.slice(lastMark + 1)}` : whole);
}

/** The cells that hold something, trimmed; an empty cell is "not given", never "set to empty". */
function given(row: MappedRow, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = row[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

const lower = (value: string | undefined) => value?.toLowerCase();

function leadBody(row: MappedRow, ctx: RowContext): Record<string, unknown> {
  const cells = given(
    row,
    LEAD_FIELDS.map((x) => x.key),
  );
  const body: Record<string, unknown> = { ...cells };
  if (cells.status) {
    const wanted = foldKey(cells.status);
    const stage = ctx.stages.find((s) => s.key === cells.status || foldKey(s.name) === wanted);
    // An unknown stage stays as written: the check below says it is not one of the stages.
    body.status = stage?.key ?? cells.status;
  }
  if (cells.priority) body.priority = lower(cells.priority);
  if (cells.customer_type) body.customer_type = lower(cells.customer_type);
  if (cells.currency) body.currency = cells.currency.toUpperCase();
  if (cells.value) body.value = parseLooseNumber(cells.value);
  if (cells.probability) body.probability = parseLooseNumber(cells.probability);
  return body;
}

/** One mapped lead row, checked against the contract's lead create body. */
export function checkLeadRow(row: MappedRow, ctx: RowContext): RowCheck<LeadCreate> {
  const body = leadBody(row, ctx);
  const errors: string[] = [];
  if (typeof body.status === 'string' && !ctx.stages.some((s) => s.key === body.status))
    errors.push(`status "${body.status}" is not one of the pipeline's stages`);
  const parsed = LeadCreate.safeParse(body);
  if (!parsed.success) errors.push(...fieldErrors(parsed.error));
  return errors.length || !parsed.success ? { ok: false, errors } : { ok: true, record: parsed.data };
}

const ADDRESS_KEYS = ['street', 'city', 'state', 'country', 'postal_code'] as const;
// Built once: built for each row, it took about half the time 50,000 customer rows took to check.
const rowContact = once(() => z.omit(contactCreate(), { customer_id: true }));
const CONTACT_KEYS = ['first_name', 'last_name', 'email', 'phone', 'mobile', 'position', 'department'];

/** One mapped customer row (with an optional contact), checked against both create bodies. */
export function checkCustomerRow(row: MappedRow): RowCheck<CustomerImportRecord> {
  const cells = given(
    row,
    CUSTOMER_FIELDS.map((x) => x.key),
  );
  const customer: Record<string, unknown> = {};
  const address: Record<string, string> = {};
  const contact: Record<string, string> = {};
  for (const [key, value] of Object.entries(cells)) {
    if ((ADDRESS_KEYS as readonly string[]).includes(key)) address[key] = value;
    else if (key.startsWith('contact_')) contact[key.slice('contact_'.length)] = value;
    else customer[key] = key === 'status' || key === 'customer_type' ? value.toLowerCase() : value;
  }
  if (Object.keys(address).length) customer.address = address;
  const errors: string[] = [];
  const checkedCustomer = CustomerCreate.safeParse(customer);
  if (!checkedCustomer.success) errors.push(...fieldErrors(checkedCustomer.error));
  const hasContact = CONTACT_KEYS.some((k) => contact[k] !== undefined);
  // The contact's company is the customer this row makes or finds; its id is not known yet.
  const checkedContact = hasContact ? rowContact().safeParse(contact) : null;
  if (checkedContact && !checkedContact.success)
    errors.push(...fieldErrors(checkedContact.error, 'contact_'));
  if (errors.length || !checkedCustomer.success || (checkedContact && !checkedContact.success))
    return { ok: false, errors };
  return { ok: true, record: { customer: checkedCustomer.data, contact: checkedContact?.data ?? null } };
}

export function checkImportRow(kind: ImportKind, row: MappedRow, ctx: RowContext): RowCheck<ImportRecord> {
  return kind === 'leads' ? checkLeadRow(row, ctx) : checkCustomerRow(row);
}
