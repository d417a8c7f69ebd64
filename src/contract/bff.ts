import * as z from 'zod/mini';
import { Id } from './common';

// The BFF's own endpoints (not the upstream's): who is signed in and who is on the team.

export const ROLES = ['agent', 'manager', 'admin'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** `GET /bff/me` */
export const Me = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    role: Role,
    /** The upstream user id this person acts as (owner of threads and leads). */
    upstreamUserId: Id,
  }),
);
export type Me = z.infer<typeof Me>;

/** `GET /bff/team`: people threads and leads can be assigned to, and the AI agents. */
export const Team = z.lazy(() =>
  z.looseObject({
    members: z.array(z.looseObject({ id: Id, name: z.string() })),
    aiAgents: z.array(z.looseObject({ id: Id, name: z.string() })),
    /** The people who can sign in, by username: whom a note can mention. */
    accounts: z.optional(z.array(z.looseObject({ username: z.string(), name: z.string() }))),
  }),
);
export type Team = z.infer<typeof Team>;

/** `POST /auth/login` */
export const LoginBody = z.lazy(() =>
  z.strictObject({
    username: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    password: z.string().check(z.minLength(1), z.maxLength(500)),
  }),
);
export type LoginBody = z.infer<typeof LoginBody>;
