import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '@/lib/notify';
import { LazyToaster } from './lazy-toaster';

describe('LazyToaster', () => {
  it('mounts on the first toast and shows it', async () => {
    render(<LazyToaster />);
    expect(screen.queryByText('Lead moved')).toBeNull();
    notify.success('Lead moved', { description: 'to Qualified' });
    expect(await screen.findByText('Lead moved')).toBeInTheDocument();
    expect(screen.getByText('to Qualified')).toBeInTheDocument();
  });
});
