import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field, Input } from './field';

/** A field checked on blur, as the new-conversation phone field is, above something to click. */
function Form() {
  const [touched, setTouched] = useState(false);
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <Field label="Phone number" error={touched ? 'Add the country code.' : undefined}>
        {(props) => <Input {...props} onBlur={() => setTouched(true)} />}
      </Field>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        Template ({clicks})
      </button>
    </>
  );
}

describe('a field checked on blur', () => {
  it('shows its error only once the press that moved focus is released', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByLabelText('Phone number'));
    const target = screen.getByRole('button', { name: 'Template (0)' });
    // Press (focus leaves the field, which checks itself) and hold: nothing may move yet.
    await user.pointer({ keys: '[MouseLeft>]', target });
    expect(screen.getByLabelText('Phone number')).not.toHaveFocus();
    expect(screen.queryByText('Add the country code.')).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target });
    // The click landed where it was aimed, and then the error shows.
    expect(screen.getByRole('button', { name: 'Template (1)' })).toBeInTheDocument();
    expect(await screen.findByText('Add the country code.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Add the country code.'),
    );
  });

  it('shows an error at once when no pointer is involved (Tab away)', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByLabelText('Phone number'));
    await user.tab();
    expect(screen.getByText('Add the country code.')).toBeInTheDocument();
  });
});
