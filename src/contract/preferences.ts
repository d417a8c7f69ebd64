import * as z from 'zod/mini';

// Each person's own settings, kept by the BFF (`GET` and `PUT /bff/me/preferences`).

export const Preferences = z.lazy(() =>
  z.looseObject({
    /** Desktop notifications for new messages on my or unassigned threads, and for mentions. */
    desktop: z.boolean(),
    /** A short sound with each of those notifications. */
    sound: z.boolean(),
  }),
);
export type Preferences = z.infer<typeof Preferences>;

export const DEFAULT_PREFERENCES: Preferences = { desktop: false, sound: false };

export const PreferencesUpdate = z.lazy(() =>
  z.strictObject({
    desktop: z.optional(z.boolean()),
    sound: z.optional(z.boolean()),
  }),
);
export type PreferencesUpdate = z.infer<typeof PreferencesUpdate>;
