import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import { LoginPage } from './login-page.tsx';

const render = () => renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] })} />);

afterEach(async () => {
  await setLanguage('en');
});

describe('the login page (spec 002 §2 Login)', () => {
  it('labels its fields and keeps the selectors the journeys use', () => {
    const html = render();
    expect(html).toContain('<label class="tms-login__label" for="login_username">Username</label>');
    expect(html).toContain('<label class="tms-login__label" for="login_password">Password</label>');
    for (const testId of ['login-username', 'login-password', 'login-submit', 'language-switch', 'language-en', 'language-vi', 'login-banner']) {
      expect(html).toContain(`data-testid="${testId}"`);
    }
    expect(html).toMatch(/<input[^>]*type="password"[^>]*data-testid="login-password"/);
    expect(html).toContain('aria-label="Show password"');
    expect(html).toMatch(/<h1 class="tms-login__title">Sign in<\/h1>/);
  });

  it('is plain elements: no Ant Design on the page that loads before the app', () => {
    expect(render()).not.toMatch(/class="[^"]*\bant-/);
  });

  it('reads Vietnamese after the switch, the chosen language pressed', async () => {
    await setLanguage('vi');
    const html = render();
    expect(html).toContain('>Tên đăng nhập</label>');
    expect(html).toMatch(/<h1 class="tms-login__title">Đăng nhập<\/h1>/);
    expect(html).toMatch(/lang="vi" aria-pressed="true"/);
    expect(html).toContain('aria-label="Hiện mật khẩu"');
  });
});
