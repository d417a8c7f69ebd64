import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MountInSlices } from './mount-in-slices';

/** What was committed, in order. */
let rendered: string[] = [];

function Part({ name }: { name: string }) {
  rendered.push(name);
  return <p>{name}</p>;
}

describe('MountInSlices', () => {
  it('paints the fallback first, then the children in a transition', async () => {
    rendered = [];
    render(
      <MountInSlices fallback={<Part name="loading" />}>
        <Part name="screen" />
      </MountInSlices>,
    );
    expect(await screen.findByText('screen')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(rendered).toEqual(['loading', 'screen']);
  });

  it('renders later updates of the children at once, without the fallback again', async () => {
    rendered = [];
    function Counter() {
      const [n, setN] = useState(0);
      return (
        <MountInSlices fallback={<Part name="loading" />}>
          <button onClick={() => setN(n + 1)}>clicked {n}</button>
        </MountInSlices>
      );
    }
    render(<Counter />);
    (await screen.findByRole('button', { name: 'clicked 0' })).click();
    expect(await screen.findByRole('button', { name: 'clicked 1' })).toBeInTheDocument();
    expect(rendered).toEqual(['loading']);
  });
});
