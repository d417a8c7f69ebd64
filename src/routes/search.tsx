import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '@/features/search/components/search-page';
import { SearchPageSearch } from '@/features/search/search-page-search';

export const Route = createFileRoute('/search')({
  validateSearch: SearchPageSearch,
  component: SearchPage,
});
