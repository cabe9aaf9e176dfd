import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileLayout } from './profile-layout.tsx';
import { renderWithApi } from './test-utils.tsx';

afterEach(cleanup);

describe('ProfileLayout', () => {
  it('marks the current section and links every section in the page language', () => {
    renderWithApi(
      <ProfileLayout section="security">
        <p>content</p>
      </ProfileLayout>,
      () => ({ body: {} }),
      { lng: 'ru', path: '/ru/profile/authentication' },
    );
    const nav = screen.getByRole('navigation', { name: 'Разделы профиля' });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('Двухфакторная защита');
    expect(current?.getAttribute('href')).toBe('/ru/profile/authentication');
    expect([...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/ru/profile',
      '/ru/profile/edit',
      '/ru/profile/notif',
      '/ru/profile/authentication',
      '/ru/profile/docs',
      '/ru/profile/edit_password',
      '/ru/profile/delete',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Двухфакторная аутентификация');
    expect(document.title || document.querySelector('title')?.textContent).toBe(
      'Двухфакторная аутентификация — TestBrand',
    );
  });
});
