import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent } from '../../events/test/fixtures.ts';
import { aLead, members, orgMembersPath, page } from '../test/fixtures.ts';
import { LeadsPage } from './leads-page.tsx';

/** The leads list's Export menu and Import button (issue 5 point 5). */
const withToasts = (ui: ReactNode) => (
  <>
    {ui}
    <Toaster />
  </>
);

/** A CSV answer that arrives in two chunks, as a streamed export does. */
function csvAnswer(): Response {
  const encoder = new TextEncoder();
  const chunks = ['\ufeffID,First name\r\n1,Vera\r\n', '2,Olle\r\n'];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="leads-2026-11-23.csv"',
      'x-total-count': '2',
    },
  });
}

function server(routes: Record<string, (body: unknown) => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    'GET /leads/': () => ok(page([aLead()], 1)),
    'GET /events/': () => ok(page([anEvent()])),
    [`GET ${orgMembersPath}`]: () => ok(members()),
    ...routes,
  });
}

const savedUrlMethods = {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
};
afterEach(() => {
  resetApiClient();
  clearToasts();
  for (const [name, descriptor] of Object.entries(savedUrlMethods)) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
});

describe('Leads list: export and import', () => {
  it('exports the current filter as CSV and hands the file to the browser', async () => {
    server({ 'GET /leads/export/': csvAnswer });
    // jsdom has no object URLs; the page's download link gets this one.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    await renderWithApp(withToasts(<LeadsPage />), {
      path: '/leads',
      url: '/leads?status=new,contacted&search=berg&page=2',
    });

    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));

    expect(await screen.findByText('The export is ready')).toBeTruthy();
    const call = (fetch as unknown as Mock<(input: string) => Promise<Response>>).mock.calls
      .map(([input]) => new URL(input, 'http://localhost'))
      .find((u) => u.pathname === '/api/v1/leads/export/');
    // The filter of the list, every page of it.
    expect(call?.searchParams.get('status')).toBe('new,contacted');
    expect(call?.searchParams.get('search')).toBe('berg');
    expect(call?.searchParams.get('format')).toBe('csv');
    expect(call?.searchParams.has('page')).toBe(false);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(await blob?.text()).toBe('\ufeffID,First name\r\n1,Vera\r\n2,Olle\r\n');
  });

  it('says "Export failed" when the export is refused', async () => {
    server({ 'GET /leads/export/': () => fail(500, 'INTERNAL_ERROR') });
    const user = userEvent.setup();
    await renderWithApp(withToasts(<LeadsPage />), { path: '/leads' });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    expect(await screen.findByText('Export failed. Please try again.')).toBeTruthy();
    // One message, the export's own: not the generic server error as well.
    expect(screen.queryByText('Server error. Please try again later.')).toBeNull();
  });

  it('offers Import to members but not to viewers, who may still export', async () => {
    server();
    const { unmount } = await renderWithApp(<LeadsPage />, { path: '/leads' });
    expect(await screen.findByRole('button', { name: 'Import' })).toBeTruthy();
    unmount();
    resetApiClient();

    const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };
    server({ 'GET /auth/me/': () => ok(viewer) });
    await renderWithApp(<LeadsPage />, { path: '/leads' });
    expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Import' })).toBeNull());
  });
});
