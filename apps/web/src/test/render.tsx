import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type LoaderFunction } from 'react-router';
import { createQueryClient } from '../app/query-client.ts';
import { initI18n, i18n, loadNamespaces, namespaces } from '../i18n/i18n.ts';
import type { Language } from '../i18n/language.ts';

/**
 * Renders `ui` on a page of its own, with the app's i18n, a fresh QueryClient and a router.
 * `url` is where the router starts when it needs more than the route's path (a query string);
 * `loader` is the route's loader, for pages that read `useLoaderData` (the page shows once it ran).
 */
export async function renderWithApp(
  ui: ReactElement,
  {
    language = 'en',
    path = '/',
    url = path,
    loader,
  }: { language?: Language; path?: string; url?: string; loader?: LoaderFunction } = {},
): Promise<RenderResult & { router: ReturnType<typeof createMemoryRouter> }> {
  await initI18n(language);
  // Every namespace up front, so a component renders at once instead of suspending on its strings.
  await loadNamespaces(language, namespaces);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: ui, ...(loader ? { loader, HydrateFallback: () => null } : {}) },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router };
}
