import { QueryClient } from '@tanstack/react-query';

/**
 * One QueryClient per app. `retry: false` on purpose: the API client already retries reads on
 * transient failures (docs/decisions/007-web-retries.md); a second retry layer here would turn
 * 3 attempts into 12 and hide outages for a minute.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
