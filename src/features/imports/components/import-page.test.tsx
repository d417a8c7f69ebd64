import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// The import screen through the real BFF, its database and the fake CRM: a file read and mapped,
// a bad row shown before anything is sent, the job checked, started and finished with its counts;
// a file in a Windows encoding explained and read once the encoding is chosen; agents kept out.

withBff({ live: true, database: true, as: 'manager' });
beforeAll(stubLayout);
afterEach(cleanup);

const csv = (text: string, name = 'fair.csv') => new File([text], name, { type: 'text/csv' });

describe('import', () => {
  it('maps the columns, previews the check, keeps the job, then imports it', async () => {
    const user = userEvent.setup();
    await renderRoutes('/import?kind=leads');
    expect(await screen.findByRole('heading', { name: 'Import from CSV' })).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('CSV file'),
      csv('Full name,E-mail,Notes\nIris Import,iris@fair.example,met at the fair\nBad Row,not-an-email,\n'),
    );
    expect(await screen.findByText(/fair\.csv: 2 rows, 3 columns/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Import "Full name" as' })).toHaveValue('name');
    expect(screen.getByRole('combobox', { name: 'Import "E-mail" as' })).toHaveValue('email');
    expect(screen.getByRole('combobox', { name: 'Import "Notes" as' })).toHaveValue('');
    const preview = screen.getByRole('table', { name: /Preview of the first 2 rows/ });
    expect(within(preview).getByText('email must be an email')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check 2 rows' }));
    const job = await screen.findByRole('region', { name: 'fair.csv' });
    const state = within(job).getByRole('status');
    expect(state).toHaveTextContent('Checked, ready to start');
    expect(state).toHaveTextContent('1 row to send; 0 of them match');
    expect(state).toHaveTextContent('Nothing has been sent yet.');

    await user.click(within(job).getByRole('button', { name: 'Start import' }));
    await waitFor(
      () => expect(within(job).getByRole('status')).toHaveTextContent('Finished. 2 of 2 rows done.'),
      {
        timeout: 10_000,
      },
    );
    // The refused row's reason is on screen, not only in the download.
    const refused = await screen.findByRole('region', { name: 'Refused rows' });
    await waitFor(() => expect(within(refused).getAllByRole('row')).toHaveLength(2));
    expect(within(refused).getByRole('row', { name: /3 .*email must be an email/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the refused row (1) and why' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/report\.csv\?outcome=refused$/),
    );
    // Earlier imports on the same page follows the job to its end, not "Importing 1 / 2".
    const history = screen.getByRole('region', { name: 'Earlier imports' });
    const row = within(history).getByRole('link', { name: 'fair.csv' }).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent(/Finished.*2 \/ 2/), { timeout: 10_000 });
  });

  it('explains a file in a Windows encoding and reads it once that encoding is chosen', async () => {
    const user = userEvent.setup();
    await renderRoutes('/import?kind=leads');
    // "name\nJosé" with é as the single Windows-1252 byte 0xE9.
    const latin = new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0x6f, 0x73, 0xe9]);
    await user.upload(await screen.findByLabelText('CSV file'), new File([latin], 'latin.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not UTF-8 text/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Encoding' }), 'windows-1252');
    expect(await screen.findByText(/latin\.csv: 1 row, 1 column, read as Windows/)).toBeInTheDocument();
    expect(screen.getAllByText('José').length).toBeGreaterThan(0);
  });

  it('says so when the import in the address is not in this workspace', async () => {
    await renderRoutes('/import?job=3f1c2b7a-9d4e-4c1a-8b2f-1234567890ab');
    expect(await screen.findByText('This import is not in this workspace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All imports' })).toBeInTheDocument();
  });

  it('sends an agent to the inbox', async () => {
    await signInAs('agent');
    const { router } = await renderRoutes('/import');
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox'));
  });
});
