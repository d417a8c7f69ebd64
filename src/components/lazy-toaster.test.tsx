import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it('shows a toast only after the next frame, so the change it confirms paints first', async () => {
    render(<LazyToaster />);
    // Frames are held back until the test lets one through.
    const frames: FrameRequestCallback[] = [];
    const spy = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => {
      frames.push(frame);
      return frames.length;
    });
    try {
      notify.info('Stage renamed');
      await waitFor(() => expect(frames).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('Stage renamed')).toBeNull();
      frames.shift()!(performance.now());
      expect(await screen.findByText('Stage renamed')).toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });
});
