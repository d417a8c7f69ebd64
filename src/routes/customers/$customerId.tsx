import { createFileRoute } from '@tanstack/react-router';
import { customerContactsQuery } from '@/features/contacts/api/contacts';
import { CustomerContacts } from '@/features/contacts/components/customer-contacts';
import { customerActivitiesQuery } from '@/features/customers/api/activities';
import { customerQuery } from '@/features/customers/api/customers';
import { tagsQuery } from '@/features/customers/api/tags';
import { CustomerPage } from '@/features/customers/components/customer-page';

export const Route = createFileRoute('/customers/$customerId')({
  // prefetch, not ensure: a missing customer is a designed state of the page, not a route error.
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.prefetchQuery(customerQuery(params.customerId)),
      context.queryClient.prefetchQuery(customerActivitiesQuery(params.customerId)),
      context.queryClient.prefetchQuery(tagsQuery()),
      context.queryClient.prefetchQuery(customerContactsQuery(params.customerId)),
    ]),
  component: CustomerRoute,
});

function CustomerRoute() {
  const { customerId } = Route.useParams();
  return <CustomerPage customerId={customerId} contacts={<CustomerContacts customerId={customerId} />} />;
}
