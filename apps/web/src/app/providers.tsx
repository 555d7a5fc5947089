import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';

/**
 * App-wide context. Toasts and the paywall are module stores (lib/toast.ts, lib/paywall.ts)
 * rendered by the root layout, and the theme is a class on <html> (lib/theme.ts), so neither
 * needs a provider here; the router sits inside so its pages get both contexts.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
