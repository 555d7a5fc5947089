import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { email: string };
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };

describe('lazyResolver', () => {
  it('preloads after the next paint, once, and validates with the loaded schema', async () => {
    const load = vi.fn(() => Promise.resolve(zodResolver(z.object({ email: z.email() }))));
    const resolver = lazyResolver<Values>(load);
    resolver.preload();
    // Not in the same frame as the first render: the page paints first.
    expect(load).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));

    const result = await resolver({ email: 'not an address' }, undefined, options);
    expect(result.errors).toHaveProperty('email');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads on the first validation without a preload, and again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(zodResolver(z.object({ email: z.email() })));
    const resolver = lazyResolver<Values>(load);
    await expect(resolver({ email: 'ada@example.com' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ email: 'ada@example.com' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
