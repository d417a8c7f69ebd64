import { createFileRoute } from '@tanstack/react-router';
import { MissingRecord, errorScreen } from '@/components/app-screens';
import { LoadingState } from '@/components/ui/states';
import { customerActivitiesQuery } from '@/data/activities';
import { loadCustomerScreen } from '@/data/record-screens';
import { tagsQuery } from '@/data/tags';
import { CustomerContacts } from '@/features/contacts/components/customer-contacts';
import { BackLink, CustomerPage } from '@/features/customers/components/customer-page';
import { orNotFound, recordId } from '@/lib/route-reads';

export const Route = createFileRoute('/customers/$customerId')({
  params: {
    parse: ({ customerId }) => ({ customerId: recordId(customerId) }),
    stringify: ({ customerId }) => ({ customerId }),
  },
  // One screen read brings the customer, its contacts, threads and related leads; the timeline
  // (activities, which the BFF's model does not hold) loads beside it and fails on its own.
  loader: async ({ context: { queryClient }, params: { customerId } }) => {
    void queryClient.prefetchQuery(customerActivitiesQuery(customerId));
    void queryClient.prefetchQuery(tagsQuery());
    await orNotFound(loadCustomerScreen(queryClient, customerId));
  },
  pendingComponent: () => <LoadingState label="Loading customer…" />,
  errorComponent: errorScreen('This customer could not be loaded'),
  notFoundComponent: () => (
    <MissingRecord title="This customer is not in this workspace">
      <BackLink />
    </MissingRecord>
  ),
  component: function CustomerRoute() {
    const { customerId } = Route.useParams();
    return <CustomerPage customerId={customerId} contacts={<CustomerContacts customerId={customerId} />} />;
  },
});
