import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/i18n.tsx';
import { Field, TextInput } from './field.tsx';

afterEach(cleanup);

describe('Field', () => {
  it('labels the control and links its hint', () => {
    renderWithI18n(
      <Field label="API key" hint="32 characters">
        <TextInput mono />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'API key' });
    expect(input.className).toBe('input input--md input--mono');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const hintId = input.getAttribute('aria-describedby');
    expect(document.getElementById(hintId!)?.textContent).toBe('32 characters');
  });

  it('marks the control invalid and announces the error with the hint', () => {
    renderWithI18n(
      <Field label="Email" hint="We send receipts here" error="Enter a valid email" id="email" required>
        <TextInput type="email" aria-describedby="extra" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.id).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input).toHaveProperty('required', true);
    expect(input.getAttribute('aria-describedby')).toBe('extra email-hint email-error');
    expect(document.getElementById('email-error')?.textContent).toBe('Enter a valid email');
  });

  it('supports a render prop for custom controls and an optional marker', () => {
    renderWithI18n(
      <Field label="Comment" optional error="Too long">
        {(control) => <textarea {...control} />}
      </Field>,
      { lng: 'ru' },
    );
    const textarea = screen.getByRole('textbox', { name: /Comment/ });
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('необязательно')).not.toBeNull();
  });
});
