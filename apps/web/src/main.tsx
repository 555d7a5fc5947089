import '@fontsource-variable/inter';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { wireApiClient } from './app/api-wiring.ts';
import { preloadPageStrings } from './app/page-strings.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createRoutes } from './app/routes.tsx';
import { initI18n } from './i18n/i18n.ts';
import { languageFromPath } from './i18n/language.ts';
import { captureInstallPrompt } from './lib/pwa/pwa-state.ts';
import { registerServiceWorker } from './lib/pwa/register.ts';
import { startTheme } from './lib/theme.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/** Resolves when the router has loaded its first page (redirects included) and is idle. */
function settled(router: Router): Promise<void> {
  const done = (state: Router['state']) => state.initialized && state.navigation.state === 'idle';
  if (done(router.state)) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!done(state)) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start(): Promise<void> {
  const language = languageFromPath(window.location.pathname);
  // Screen readers pick their voice and browsers their hyphenation from <html lang>.
  document.documentElement.lang = language;
  // public/theme-init.js has already set the class; this keeps it following the system and other tabs.
  startTheme();
  // Started before the router so the strings and the first page's code download in parallel.
  const strings = initI18n(language);

  // The installable app (spec 02 §4): the worker, its update flow, the install prompt.
  captureInstallPrompt();
  registerServiceWorker();

  const queryClient = createQueryClient();
  wireApiClient({ router: () => router, queryClient });
  const router = createBrowserRouter(createRoutes(queryClient));
  preloadPageStrings(router);
  await Promise.all([strings, settled(router)]);

  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // A transition, so React renders the first page in slices and the main thread stays free (one
  // long task was most of Lighthouse's blocking time). Only once the router has settled (above):
  // RouterProvider reads the router's state when it renders and subscribes when it commits, and
  // a change in between (a sliced render lets network callbacks run) would be lost, leaving the
  // page blank. Before that there is nothing to show: the page is the CSS background either way.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
