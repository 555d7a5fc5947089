import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { wireApiClient } from './app/api-wiring.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createRoutes } from './app/routes.tsx';
import { initI18n } from './i18n/i18n.ts';
import { languageFromPath } from './i18n/language.ts';
import { startTheme } from './lib/theme.ts';

async function start(): Promise<void> {
  const language = languageFromPath(window.location.pathname);
  // Screen readers pick their voice and browsers their hyphenation from <html lang>.
  document.documentElement.lang = language;
  // public/theme-init.js has already set the class; this keeps it following the system and other tabs.
  startTheme();
  // Started before the router so the strings and the first page's code download in parallel.
  const strings = initI18n(language);

  const queryClient = createQueryClient();
  const router = createBrowserRouter(createRoutes(queryClient));
  wireApiClient({ router });
  await strings;

  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
