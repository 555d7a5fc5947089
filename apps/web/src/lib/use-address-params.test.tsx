import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params.ts';

const setting = (key: string, value: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.set(key, value);
  return next;
};

/** Two filters set before the router renders the first: the second must not drop the first. */
function Filters() {
  const [params, setParams] = useAddressParams();
  return (
    <div>
      <p>address: {params.toString()}</p>
      <button
        type="button"
        onClick={() => {
          setParams(setting('industry', 'retail'), { replace: true });
          setParams(setting('tags', 'vip'), { replace: true });
        }}
      >
        Both
      </button>
      <button type="button" onClick={() => setParams(setting('page', '2'))}>
        Page
      </button>
    </div>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/clients', element: <Filters /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useAddressParams', () => {
  it('starts each change from the one before it, rendered or not', async () => {
    const router = renderAt('/clients?from=2026-11-27');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Both' })));
    expect(router.state.location.search).toBe('?from=2026-11-27&industry=retail&tags=vip');
    expect(screen.getByText('address: from=2026-11-27&industry=retail&tags=vip')).toBeTruthy();
  });

  it('follows an address changed from outside', async () => {
    const router = renderAt('/clients?industry=retail');
    await act(async () => router.navigate('/clients?status=active'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Page' })));
    expect(router.state.location.search).toBe('?status=active&page=2');
  });
});
