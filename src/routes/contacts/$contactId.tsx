import { createFileRoute } from '@tanstack/react-router';
import { contactQuery } from '@/features/contacts/api/contacts';
import { ContactPage } from '@/features/contacts/components/contact-page';
import { CustomerLink } from '@/features/customers/components/customer-link';

export const Route = createFileRoute('/contacts/$contactId')({
  // prefetch, not ensure: a missing contact is a designed state of the page, not a route error.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(contactQuery(params.contactId)),
  component: ContactRoute,
});

function ContactRoute() {
  const { contactId } = Route.useParams();
  return (
    <ContactPage contactId={contactId} customer={(customerId) => <CustomerLink customerId={customerId} />} />
  );
}
