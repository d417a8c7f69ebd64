import { Link, createFileRoute } from '@tanstack/react-router';
import { MissingRecord, errorScreen } from '@/components/app-screens';
import { LoadingState } from '@/components/ui/states';
import { loadContactScreen } from '@/data/record-screens';
import { tagsQuery } from '@/data/tags';
import { ContactPage } from '@/features/contacts/components/contact-page';
import { CustomerLink } from '@/features/customers/components/customer-link';
import { orNotFound, recordId } from '@/lib/route-reads';

export const Route = createFileRoute('/contacts/$contactId')({
  params: {
    parse: ({ contactId }) => ({ contactId: recordId(contactId) }),
    stringify: ({ contactId }) => ({ contactId }),
  },
  loader: async ({ context: { queryClient }, params: { contactId } }) => {
    void queryClient.prefetchQuery(tagsQuery());
    await orNotFound(loadContactScreen(queryClient, contactId));
  },
  pendingComponent: () => <LoadingState label="Loading contact…" />,
  errorComponent: errorScreen('This contact could not be loaded'),
  notFoundComponent: () => (
    <MissingRecord title="This contact is not in this workspace">
      <Link to="/customers" className="text-accent underline">
        Go to customers
      </Link>
    </MissingRecord>
  ),
  component: function ContactRoute() {
    const { contactId } = Route.useParams();
    return (
      <ContactPage
        contactId={contactId}
        customer={(customerId) => <CustomerLink customerId={customerId} />}
      />
    );
  },
});
