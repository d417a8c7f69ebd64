import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { bffUrl } from '@/lib/api-client';
import { ExportLink } from './export-link';

it('links to the export with the filters on screen, leaving out the empty ones', () => {
  render(
    <ExportLink
      label="Export leads"
      href={bffUrl('exports.leads', { query: { search: 'acme co', priority: 'high', owner: undefined } })}
    />,
  );
  const link = screen.getByRole('link', { name: 'Export leads' });
  expect(link).toHaveAttribute('href', '/bff/export/leads.csv?search=acme+co&priority=high');
  expect(link).toHaveAttribute('download');
});
