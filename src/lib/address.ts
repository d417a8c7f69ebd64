/** An address as the CRM stores it: every member may be missing, null or blank. */
export interface AddressLike {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  postal_code?: string | null;
}

const clean = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();

const joinNonBlank = (parts: string[], separator: string) => parts.filter(Boolean).join(separator);

/**
 * The address as lines for a label: street; city, state and postal code; country last.
 * Blank members are skipped, and a line with nothing in it is dropped.
 */
export function addressLines(address: AddressLike | null | undefined): string[] {
  if (!address) return [];
  const locality = joinNonBlank(
    [clean(address.city), joinNonBlank([clean(address.state), clean(address.postal_code)], ' ')],
    ', ',
  );
  return [clean(address.street), locality, clean(address.country)].filter(Boolean);
}

/** The whole address on one line ("12 High St, Leeds, LS1 4AB, United Kingdom"), or ''. */
export function addressOneLine(address: AddressLike | null | undefined): string {
  return addressLines(address).join(', ');
}

/** City and country only, for a table cell ("Leeds, United Kingdom"), or ''. */
export function cityCountry(address: AddressLike | null | undefined): string {
  if (!address) return '';
  return joinNonBlank([clean(address.city), clean(address.country)], ', ');
}
