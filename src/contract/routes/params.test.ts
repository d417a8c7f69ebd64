import { describe, expect, expectTypeOf, it } from 'vitest';
import { ROUTES_BY_ID, buildPath, type ParamsOf } from './index';

describe('typed path parameters', () => {
  it('derives the names from each route template', () => {
    expectTypeOf<ParamsOf<'leads.get'>>().toEqualTypeOf<{ readonly id: string }>();
    expectTypeOf<ParamsOf<'groups.get'>>().toEqualTypeOf<{ readonly groupId: string }>();
    expectTypeOf<ParamsOf<'activities.byLead'>>().toEqualTypeOf<{ readonly leadId: string }>();
    expectTypeOf<keyof ParamsOf<'leads.list'>>().toBeNever();
  });

  it('builds a path from exactly the template names, and refuses others at compile time', () => {
    expect(buildPath(ROUTES_BY_ID['activities.byLead'], { leadId: 'a b' })).toBe('/activities/lead/a%20b');
    expect(buildPath(ROUTES_BY_ID['leads.list'])).toBe('/v1/leads');
    // The compile-time refusals below also fail at run time, for a caller that escapes the types.
    // @ts-expect-error the route's parameter is `leadId`, not `id`
    expect(() => buildPath(ROUTES_BY_ID['activities.byLead'], { id: 'x' })).toThrow(
      'Missing path parameter leadId for activities.byLead',
    );
    // @ts-expect-error a route with parameters needs them
    expect(() => buildPath(ROUTES_BY_ID['leads.get'])).toThrow('Missing path parameter id for leads.get');
    // @ts-expect-error a route without parameters takes none
    expect(buildPath(ROUTES_BY_ID['leads.list'], { id: 'x' })).toBe('/v1/leads');
  });
});
