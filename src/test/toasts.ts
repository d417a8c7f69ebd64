import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Waits until a toast saying `text` is on screen. */
export const toastShown = (text: string) =>
  waitFor(() =>
    expect(
      [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(text)),
    ).toBe(true),
  );
