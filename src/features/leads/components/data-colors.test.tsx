import { cleanup, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { fake, withBff } from '@/test/bff';
import { LeadsPage } from './leads-page';

withBff({ live: true });
afterEach(cleanup);

const HOSTILE = 'url(https://evil.example/beacon.png)';
/** NEUTRAL_COLOR (#8a8f98) as the DOM reports it. */
const NEUTRAL_RGB = 'rgb(138, 143, 152)';

/** Every inline style on the page, as the browser would apply it. */
const inlineStyles = () =>
  [...document.querySelectorAll<HTMLElement>('[style]')].map((el) => el.getAttribute('style') ?? '');

describe('colours from the upstream', () => {
  it('never reach a style attribute unless they are hex colours (board columns, drawer tag dots)', async () => {
    const crm = fake.workspace().crm;
    const stage = crm.stages[0]!;
    stage.color = HOSTILE;
    const lead = [...crm.leads.values()].find((l) => (l.tags ?? []).length > 0)!;
    for (const id of lead.tags ?? []) crm.tags.get(id)!.color = HOSTILE;

    await renderWithApp(
      <Suspense fallback={null}>
        <LeadsPage />
      </Suspense>,
      { path: `/leads?lead=${lead.id}` },
    );
    const column = await screen.findByRole('region', { name: stage.name, hidden: true }, { timeout: 15_000 });
    // The column's accent falls back to the theme's neutral colour.
    expect(column.querySelector('header')?.style.borderTopColor).toBe('var(--color-subtle)');
    const drawer = await screen.findByRole('dialog', { name: lead.name });
    await within(drawer).findByRole('heading', { name: 'Tags' });
    const dots = [...drawer.querySelectorAll<HTMLElement>('[data-color-dot]')];
    expect(dots.length).toBe((lead.tags ?? []).length);
    for (const dot of dots) expect(dot.style.backgroundColor).toBe(NEUTRAL_RGB);
    const styles = inlineStyles();
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.filter((s) => s.includes('url('))).toEqual([]);
  });
});
