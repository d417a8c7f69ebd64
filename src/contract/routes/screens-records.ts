import * as z from 'zod/mini';
import { Id } from '../common';
import { Contact } from '../contacts';
import { Conversation } from '../conversations';
import { Customer } from '../customers';
import { Lead } from '../leads';

// A customer's page and a contact's page, each in one BFF screen read from the read model: the
// record, its contacts, and the threads and leads around it. The API links threads to contacts and
// customers by id but links no lead to a customer, so leads are found by the customer's name and the
// page says so. The timeline (activities) is not part of the model: the page reads it on its own.

/** Related leads shown on a customer's page; the total says how many more match. */
export const RELATED_LEADS = 5;
/** Threads shown on a customer's or a contact's page, newest first. */
export const RELATED_THREADS = 20;

export const RecordScreenQuery = z.lazy(() => z.strictObject({ id: Id }));
export type RecordScreenQuery = z.infer<typeof RecordScreenQuery>;

export const CustomerScreen = z.lazy(() =>
  z.looseObject({
    customer: Customer,
    /** Every contact of the customer, the primary first. */
    contacts: z.array(Contact),
    /** Threads linked to the customer or to one of its contacts, newest first (at most RELATED_THREADS). */
    threads: z.array(Conversation),
    /** Threads linked to it in all (may exceed what `threads` holds). */
    threadTotal: z.int(),
    /** Leads whose name, email or company mentions the customer's company (or name), newest first. */
    leads: z.array(Lead),
    leadTotal: z.int(),
    /** What the leads were matched by, for the page to say. */
    leadTerm: z.string(),
  }),
);
export type CustomerScreen = z.infer<typeof CustomerScreen>;

export const ContactScreen = z.lazy(() =>
  z.looseObject({
    contact: Contact,
    /** The customer the contact belongs to; null when the BFF does not hold it. */
    customer: z.nullable(Customer),
    /** The contact's threads (linked, or unlinked on their number), newest first. */
    threads: z.array(Conversation),
    threadTotal: z.int(),
  }),
);
export type ContactScreen = z.infer<typeof ContactScreen>;
