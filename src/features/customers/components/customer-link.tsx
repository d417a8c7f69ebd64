import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { customerQuery } from '@/data/customers';

/** A link to a customer by its name (for other pages, passed in by their routes); the link works before the name is read. */
export function CustomerLink({ customerId }: { customerId: string }) {
  const customer = useQuery(customerQuery(customerId));
  return (
    <Link to="/customers/$customerId" params={{ customerId }} className="text-accent hover:underline">
      {customer.data?.name ?? (customer.isError ? 'their customer' : 'their customer…')}
    </Link>
  );
}
