import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLiveStatus, setLiveStatus } from '@/lib/live/live-status';
import { LiveStatusBanner, RECONNECTING_GRACE_MS } from './live-status-banner';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  act(() => resetLiveStatus());
});

describe('LiveStatusBanner', () => {
  it('says nothing while the stream is open and the upstream answers', () => {
    act(() => setLiveStatus({ stream: 'open', upstream: 'ok' }));
    render(<LiveStatusBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says it is reconnecting once a drop lasts past a blip, and stops when it is back', () => {
    vi.useFakeTimers();
    render(<LiveStatusBanner />);
    act(() => setLiveStatus({ stream: 'reconnecting' }));
    expect(screen.getByRole('status')).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(RECONNECTING_GRACE_MS));
    expect(screen.getByRole('status')).toHaveTextContent(/Reconnecting/);
    act(() => setLiveStatus({ stream: 'open' }));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says why changes cannot arrive when the upstream is unreachable or refuses the key', () => {
    render(<LiveStatusBanner />);
    act(() => setLiveStatus({ stream: 'open', upstream: 'unreachable' }));
    expect(screen.getByRole('status')).toHaveTextContent(/cannot be reached/);
    act(() => setLiveStatus({ upstream: 'key-refused' }));
    expect(screen.getByRole('status')).toHaveTextContent(/refused .* API key/);
  });
});
