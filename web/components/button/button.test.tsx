import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_SIZES, BUTTON_VARIANTS, Button, buttonClassName } from './button.tsx';

afterEach(cleanup);

describe('Button', () => {
  it('is a primary, medium, non-submitting button by default', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('type', 'button');
    expect(button.className).toBe('btn btn--primary btn--md');
  });

  it.each(BUTTON_VARIANTS)('renders the %s variant class', (variant) => {
    render(<Button variant={variant}>Go</Button>);
    expect(screen.getByRole('button').classList.contains(`btn--${variant}`)).toBe(true);
  });

  it.each(BUTTON_SIZES)('renders the %s size class', (size) => {
    render(<Button size={size}>Go</Button>);
    expect(screen.getByRole('button').classList.contains(`btn--${size}`)).toBe(true);
  });

  it('has exactly the spec §9 variants and sizes', () => {
    expect(BUTTON_VARIANTS).toEqual([
      'none', 'primary', 'secondary', 'secondary-white', 'tertiary', 'primary-earls-green',
      'primary-alice-blue', 'primary-danger', 'primary-warning', 'primary-light', 'primary-gray',
      'service',
    ]);
    expect(BUTTON_SIZES).toEqual(['md', 'lg']);
  });

  it('appends className, passes props through and forwards the ref', async () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} type="submit" className="extra" aria-describedby="x" onClick={onClick}>
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect(ref.current).toBe(button);
    expect(button).toHaveProperty('type', 'submit');
    expect(button.className).toBe('btn btn--primary btn--md extra');
    expect(button.getAttribute('aria-describedby')).toBe('x');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is disabled and busy while loading', async () => {
    const onClick = vi.fn();
    render(<Button loading onClick={onClick}>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('builds the same classes for links', () => {
    expect(buttonClassName('secondary', 'lg')).toBe('btn btn--secondary btn--lg');
    expect(buttonClassName()).toBe('btn btn--primary btn--md');
    expect(buttonClassName('tertiary', 'md', 'nav-cta')).toBe('btn btn--tertiary btn--md nav-cta');
  });
});
