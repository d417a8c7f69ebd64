import {
  LeadCreate,
  LeadUpdate,
  errorsByField,
  fieldErrors,
  type CustomerType,
  type Lead,
  type Priority,
} from '@/contract';

/** A lead form as typed: strings, so nothing typed is lost while it is invalid. */
export interface LeadFormValues {
  name: string;
  email: string;
  phone: string;
  company_name: string;
  customer_type: '' | CustomerType;
  industry: string;
  source: string;
  priority: '' | Priority;
  probability: string;
  value: string;
  currency: string;
  expected_close_date: string;
  assigned_to_user_id: string;
}

export const emptyLeadForm: LeadFormValues = {
  name: '',
  email: '',
  phone: '',
  company_name: '',
  customer_type: '',
  industry: '',
  source: '',
  priority: '',
  probability: '',
  value: '',
  currency: '',
  expected_close_date: '',
  assigned_to_user_id: '',
};

export function formFromLead(lead: Lead): LeadFormValues {
  return {
    name: lead.name,
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    company_name: lead.company_name ?? '',
    customer_type: lead.customer_type ?? '',
    industry: lead.industry ?? '',
    source: lead.source ?? '',
    priority: lead.priority ?? '',
    probability: lead.probability === null || lead.probability === undefined ? '' : String(lead.probability),
    value: lead.value === null || lead.value === undefined ? '' : String(lead.value),
    currency: lead.currency ?? '',
    expected_close_date: lead.expected_close_date ?? '',
    assigned_to_user_id: lead.assigned_to_user_id ?? '',
  };
}

const TEXT_FIELDS = ['name', 'email', 'phone', 'company_name', 'industry', 'source'] as const;

/** The body a form stands for: empty fields left out, numbers as numbers (NaN fails validation). */
export function bodyFromForm(values: LeadFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) if (values[key].trim() !== '') body[key] = values[key].trim();
  if (values.customer_type) body.customer_type = values.customer_type;
  if (values.priority) body.priority = values.priority;
  if (values.probability.trim() !== '') body.probability = Number(values.probability);
  if (values.value.trim() !== '') body.value = Number(values.value);
  if (values.currency.trim() !== '') body.currency = values.currency.trim().toUpperCase();
  if (values.expected_close_date) body.expected_close_date = values.expected_close_date;
  if (values.assigned_to_user_id) body.assigned_to_user_id = values.assigned_to_user_id;
  return body;
}

/** Only what changed against the lead, for a PATCH. */
export function changedFields(body: Record<string, unknown>, lead: Lead): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((lead as Record<string, unknown>)[key] !== value) out[key] = value;
  }
  return out;
}

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };

/** Validates with the contract's schema before sending; errors keyed by field, as the upstream's are. */
export function checkCreate(body: Record<string, unknown>): Checked<LeadCreate> {
  const result = LeadCreate.safeParse(body);
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, errors: errorsByField(fieldErrors(result.error)) };
}

export function checkUpdate(body: Record<string, unknown>): Checked<LeadUpdate> {
  const result = LeadUpdate.safeParse(body);
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, errors: errorsByField(fieldErrors(result.error)) };
}
