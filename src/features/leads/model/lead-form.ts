import type { CustomerType, Lead, Priority } from '@/contract';
import { changedEntries, filledOrUndefined, filledTexts, textsOf } from '@/lib/form-values';

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

const TEXT_FIELDS = ['name', 'email', 'phone', 'company_name', 'industry', 'source'] as const;

export function formFromLead(lead: Lead): LeadFormValues {
  return {
    ...textsOf(lead, [
      ...TEXT_FIELDS,
      'probability',
      'value',
      'currency',
      'expected_close_date',
      'assigned_to_user_id',
    ]),
    name: lead.name,
    customer_type: lead.customer_type ?? '',
    priority: lead.priority ?? '',
  };
}

/** The body a form stands for: empty fields left out, numbers as numbers (NaN fails validation). */
export function bodyFromForm(values: LeadFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = filledTexts(values, TEXT_FIELDS);
  if (values.customer_type) body.customer_type = values.customer_type;
  if (values.priority) body.priority = values.priority;
  if (filledOrUndefined(values.probability) !== undefined) body.probability = Number(values.probability);
  if (filledOrUndefined(values.value) !== undefined) body.value = Number(values.value);
  const currency = filledOrUndefined(values.currency);
  if (currency) body.currency = currency.toUpperCase();
  if (values.expected_close_date) body.expected_close_date = values.expected_close_date;
  if (values.assigned_to_user_id) body.assigned_to_user_id = values.assigned_to_user_id;
  return body;
}

/** Only what changed against the lead, for a PATCH. */
export function changedFields(body: Record<string, unknown>, lead: Lead): Record<string, unknown> {
  return changedEntries(body, lead);
}
