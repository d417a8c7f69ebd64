import { CUSTOMER_FIELDS } from '../../contract/imports';

/**
 * A plausible wide customer row for an import: every one of the 20 columns mapped and filled, the
 * largest row a file at the row limit can hold (the import's body-size test and its bench).
 */
export const wideRow = (i: number): Record<string, string> => {
  const row: Record<string, string> = {};
  for (const field of CUSTOMER_FIELDS)
    row[field.key] = `${field.key.replace(/_/g, ' ')} of customer ${String(i)}`;
  return {
    ...row,
    status: 'prospect',
    customer_type: 'business',
    postal_code: `KT${String(i % 10)} 2AB`,
    website: `https://www.customer-${String(i)}.example.com`,
    email: `accounts.payable@customer-${String(i)}.example.com`,
    phone: `+44 20 7${String(i).padStart(6, '0')}`,
    contact_email: `first.last@customer-${String(i)}.example.com`,
    contact_phone: `+44 20 8${String(i).padStart(6, '0')}`,
    contact_mobile: `+44 77 9${String(i).padStart(6, '0')}`,
  };
};
