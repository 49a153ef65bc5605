import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { AppFailed } from './app-failed.tsx';

/** The router's state as it is once the route's code failed: its error element shows, with that error. */
const renderFailed = (error: unknown) =>
  renderToStaticMarkup(
    <RouterProvider
      router={createMemoryRouter([{ id: 'app', path: '*', errorElement: <AppFailed />, element: <p>the app</p> }], {
        initialEntries: ['/timesheet'],
        hydrationData: { errors: { app: error } },
      })}
    />,
  );

const chunkError = new TypeError('Failed to fetch dynamically imported module: https://tms.example/assets/app-routes-1a2b.js');

afterEach(async () => {
  await setLanguage('en');
});

describe('what the app says when its own code fails (the router error element)', () => {
  it('says the app could not be loaded, with Reload, instead of the router screen for developers', () => {
    const html = renderFailed(chunkError);
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/<h1 class="tms-app-failed__title">TMS could not be loaded<\/h1>/);
    expect(html).toContain('The connection dropped, or a new version of TMS was installed. Reload the page to continue.');
    expect(html).toMatch(/<button type="button" class="tms-app-failed__reload" data-testid="app-failed-reload">Reload the page<\/button>/);
    expect(html).not.toContain('the app');
    expect(html).not.toContain('Hey developer');
    expect(html).not.toContain('app-routes-1a2b.js');
  });

  it('tells a failure while drawing apart from code that could not be fetched', () => {
    const html = renderFailed(new TypeError("Cannot read properties of undefined (reading 'map')"));
    expect(html).toMatch(/<h1 class="tms-app-failed__title">Something went wrong<\/h1>/);
    expect(html).toContain('Nothing you saved is lost. Reload the page to continue.');
    expect(html).not.toContain('reading');
  });

  it('speaks Vietnamese to a Vietnamese reader', async () => {
    await setLanguage('vi');
    const html = renderFailed(chunkError);
    expect(html).toMatch(/<h1 class="tms-app-failed__title">Không tải được TMS<\/h1>/);
    expect(html).toContain('>Tải lại trang</button>');
  });

  it('is plain elements: antd may be what could not be loaded', () => {
    expect(renderFailed(chunkError)).not.toMatch(/class="[^"]*\bant-/);
  });
});
