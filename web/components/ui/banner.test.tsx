import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/i18n.tsx';
import { Badge } from './badge.tsx';
import { Banner } from './banner.tsx';
import { Skeleton } from './skeleton.tsx';

afterEach(cleanup);

describe('Banner', () => {
  it('renders its tone and no dismiss button by default', () => {
    const { container } = renderWithI18n(<Banner tone="warning">Scheduled maintenance</Banner>);
    expect(container.firstElementChild?.className).toBe('banner banner--warning');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a translated dismiss button', async () => {
    const onDismiss = vi.fn();
    renderWithI18n(<Banner onDismiss={onDismiss}>Hello</Banner>, { lng: 'zh' });
    await userEvent.click(screen.getByRole('button', { name: '关闭提示' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

describe('Badge and Skeleton', () => {
  it('renders the badge tone', () => {
    render(<Badge tone="success">Paid</Badge>);
    expect(screen.getByText('Paid').className).toBe('badge badge--success');
  });

  it('hides skeletons from assistive technology and reserves their size', () => {
    const { container } = render(<Skeleton width={120} height="1.5rem" />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(block.style.width).toBe('120px');
    expect(block.style.height).toBe('1.5rem');
  });
});
