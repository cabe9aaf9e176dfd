import './styles/index.css';
import { setupListeners } from '@reduxjs/toolkit/query';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AssetsContext } from './lib/assets.tsx';
import { deserializeErrors, type BootData } from './lib/hydration.ts';
import { createI18n, markPartial } from './lib/i18n.ts';
import { setBrowserRuntime } from './lib/runtime.ts';
import { createRoutes, reloadOnce } from './router.tsx';
import { createAppStore } from './store/store.ts';

declare global {
  interface Window {
    __APP__?: BootData;
  }
}

async function start(boot: BootData) {
  const store = createAppStore({ baseUrl: '/' }, boot.state);
  setupListeners(store.dispatch);
  const i18n = createI18n(boot.i18n.lang, boot.i18n.resources, boot.state.app.brandName);
  markPartial(i18n, boot.i18n.partial);
  setBrowserRuntime({ store, i18n });

  // The matched pages are lazy chunks: load them before hydrating so the first render matches.
  const routes = createRoutes();
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazyMatches.map(async (m) => {
      const loaded = await (m.route.lazy as () => Promise<object>)();
      Object.assign(m.route, loaded, { lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes, {
    hydrationData: { ...boot.router, errors: deserializeErrors(boot.router.errors as never) },
  });
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
  // one long task (a page stays responsive while it hydrates; Lighthouse's total blocking time).
  // A click before hydration has finished is not lost: React hydrates its target at once.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <AssetsContext.Provider value={boot.assets}>
          <Provider store={store}>
            <I18nextProvider i18n={i18n}>
              <RouterProvider router={router} />
            </I18nextProvider>
          </Provider>
        </AssetsContext.Provider>
      </StrictMode>,
    );
  });
}

window.addEventListener('vite:preloadError', () => reloadOnce());

// Spec §2: start-up runs only when the page host equals the host the server rendered it for
// (a copy of the page served from another host stays inert).
const boot = window.__APP__;
if (boot && window.location.host === boot.state.app.host) void start(boot);
