import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { EmptyState } from './empty-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { PageLoading, QueryState, RecordLoadFailure, type QueryLike } from './query-state.tsx';

const query = (changes: Partial<QueryLike<string[]>> = {}): QueryLike<string[]> => ({
  data: undefined,
  isError: false,
  refetch: vi.fn(),
  ...changes,
});

const view = (q: QueryLike<string[]>) => (
  <QueryState
    query={q}
    errorMessage="Failed to load events"
    isEmpty={(items) => items.length === 0}
    empty={<EmptyState title="No events yet" action={<button type="button">Create event</button>} />}
  >
    {(items) => (
      <ul aria-label="Events">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    )}
  </QueryState>
);

describe('QueryState', () => {
  it('shows the 403 error page, not a retry, when the load was refused (spec 02 §8)', async () => {
    const refused = new ApiError('No', { status: 403, code: 'PERMISSION_DENIED' });
    await renderWithApp(view(query({ isError: true, error: refused })));
    expect(screen.getByRole('heading', { level: 1, name: 'Access forbidden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('keeps the retry for other failures', async () => {
    const failed = new ApiError('Down', { status: 500, code: 'INTERNAL_ERROR' });
    await renderWithApp(view(query({ isError: true, error: failed })));
    expect(screen.getByRole('alert').textContent).toContain('Failed to load events');
    expect(screen.queryByRole('heading', { name: 'Access forbidden' })).toBeNull();
  });

  it('is busy, named "Loading…", while there is no data yet', async () => {
    const { container } = await renderWithApp(view(query()));
    const busy = container.querySelector('[aria-busy="true"]');
    expect(busy?.getAttribute('aria-label')).toBe('Loading…');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says what failed with a retry that fetches again', async () => {
    const q = query({ isError: true });
    await renderWithApp(view(q));
    expect(screen.getByRole('alert').textContent).toContain('Failed to load events');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('keeps data already shown when a refetch fails', async () => {
    await renderWithApp(view(query({ data: ['Nordic Expo'], isError: true })));
    expect(screen.getByRole('listitem').textContent).toBe('Nordic Expo');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty state with its action when there is nothing, and the content otherwise', async () => {
    const first = await renderWithApp(view(query({ data: [] })));
    expect(screen.getByRole('heading', { name: 'No events yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create event' })).toBeTruthy();
    first.unmount();
    await renderWithApp(view(query({ data: ['Nordic Expo', 'Tech Summit'] })));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'No events yet' })).toBeNull();
  });

  it('names a page still loading "Loading…" in a heading, busy', async () => {
    const { container } = await renderWithApp(<PageLoading>shape</PageLoading>);
    expect(screen.getByRole('heading', { level: 1, name: 'Loading…' })).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('tells a missing record, with the way back, from one that failed to load, with a retry', async () => {
    const failure = (error: unknown, onRetry = vi.fn()) => (
      <RecordLoadFailure
        error={error}
        eyebrow="Leads"
        notFoundTitle="Lead not found"
        notFoundBody="This lead does not exist."
        title="Lead"
        loadFailed="Failed to load the lead"
        listPath="/leads"
        backLabel="Back to leads"
        onRetry={onRetry}
      />
    );
    const missing = await renderWithApp(failure(new ApiError('Not found', { status: 404, code: 'NOT_FOUND' })));
    expect(screen.getByRole('heading', { level: 1, name: 'Lead not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to leads' }).getAttribute('href')).toBe('/leads');
    missing.unmount();

    const onRetry = vi.fn();
    await renderWithApp(failure(new ApiError('Boom', { status: 500, code: 'INTERNAL_ERROR' }), onRetry));
    expect(screen.getByRole('alert').textContent).toContain('Failed to load the lead');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('in a panel: a line and a small retry that fetches again, and a busy region named by the panel', async () => {
    const panel = (q: QueryLike<string[]>) => (
      <QueryState query={q} compact errorMessage="The notes could not be loaded." loadingLabel="Loading notes">
        {(items) => <p>{items.join(', ')}</p>}
      </QueryState>
    );
    const loading = await renderWithApp(panel(query()));
    expect(loading.container.querySelector('[aria-busy="true"]')?.getAttribute('aria-label')).toBe('Loading notes');
    loading.unmount();

    const q = query({ isError: true });
    await renderWithApp(panel(q));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The notes could not be loaded.');
    expect(alert.className).not.toContain('rounded-2xl');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });
});
