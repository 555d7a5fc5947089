import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok, pending, type Handler } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent } from '../../events/test/fixtures.ts';
import { aLead, eventId, leadId, members, orgMembersPath, otherLeadId, page } from '../test/fixtures.ts';
import type { Lead } from '../api/leads.ts';
import { MergeLeadDialog } from './merge-lead-dialog.tsx';

const lead = aLead() as Lead;
const duplicate = aLead({
  id: otherLeadId,
  first_name: 'Vera',
  last_name: 'Berg-Lind',
  phone: '',
  company: 'Berg Group AB',
  status: 'qualified',
  tags: ['vip'],
});

function server(routes: Record<string, Handler> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    'GET /leads/': () => ok(page([lead, duplicate])),
    [`GET /events/${eventId}/`]: () => ok(anEvent()),
    [`GET ${orgMembersPath}`]: () => ok(members()),
    ...routes,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
});

describe('MergeLeadDialog', () => {
  it('suggests the leads with the same email, shows what differs and merges with the chosen values', async () => {
    const api = server({ [`POST /leads/${leadId}/merge/`]: () => ok(aLead({ status: 'qualified' })) });
    const user = userEvent.setup();
    await renderWithApp(<MergeLeadDialog lead={lead} />);
    await user.click(screen.getByRole('button', { name: 'Merge with…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Merge with another lead' });
    const suggestions = await within(dialog).findByRole('region', { name: 'Leads with the email vera@berg.se' });
    // The lead itself is not offered.
    expect(within(suggestions).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(suggestions).getByRole('button', { name: 'Choose Vera Berg-Lind' }));

    // Only the fields that differ, each with this lead's value chosen unless it is empty.
    const table = await within(dialog).findByRole('table', { name: 'Choose which value to keep' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Last name',
      'Phone',
      'Company',
      'Status',
    ]);
    const statusRow = within(table).getByRole('row', { name: /Status/ });
    const [keepNew, takeQualified] = within(statusRow).getAllByRole('radio');
    expect(keepNew).toHaveProperty('checked', true);
    await user.click(takeQualified as HTMLElement);

    await user.click(within(dialog).getByRole('button', { name: 'Merge leads' }));
    await waitFor(() => expect(api.bodies(`POST /leads/${leadId}/merge/`)).toHaveLength(1));
    expect(api.bodies(`POST /leads/${leadId}/merge/`)[0]).toEqual({
      source: otherLeadId,
      fields: { last_name: 'target', phone: 'target', company: 'target', status: 'source' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToasts().map((t) => t.title)).toContain('Leads merged');
    expect(api.bodies('GET /leads/').length).toBeGreaterThan(0);
  });

  it('searches other leads, and says so when one of the two is gone', async () => {
    const api = server({
      'GET /leads/': () => ok(page([duplicate])),
      [`POST /leads/${leadId}/merge/`]: () => fail(404, 'NOT_FOUND'),
    });
    const user = userEvent.setup();
    await renderWithApp(<MergeLeadDialog lead={lead} />);
    await user.click(screen.getByRole('button', { name: 'Merge with…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find the other lead' }), 'Berg Group');
    const results = await within(dialog).findByRole('region', { name: 'Matching leads' });
    await user.click(within(results).getByRole('button', { name: 'Choose Vera Berg-Lind' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Merge leads' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('The leads could not be merged.'));
    expect(getToasts().find((t) => t.title === 'The leads could not be merged.')?.message).toBe(
      'One of the two leads was deleted or merged in the meantime.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/leads/' && c.method === 'GET')).toBe(true);
  });

  it('is busy while it looks for leads to merge with', async () => {
    server({ 'GET /leads/': pending });
    await renderWithApp(<MergeLeadDialog lead={lead} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Merge with…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge with another lead' });
    await waitFor(() =>
      expect(dialog.querySelector('[aria-busy="true"]')?.getAttribute('aria-label')).toBe('Searching leads…'),
    );
  });

  it('says when the leads could not be loaded, with a retry that fetches them again', async () => {
    configureApiClient({ sleep: () => Promise.resolve() });
    let up = false;
    server({ 'GET /leads/': () => (up ? ok(page([lead, duplicate])) : fail(503, 'SERVICE_UNAVAILABLE')) });
    const user = userEvent.setup();
    await renderWithApp(<MergeLeadDialog lead={lead} />);
    await user.click(screen.getByRole('button', { name: 'Merge with…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge with another lead' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The leads could not be loaded.');
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const suggestions = await within(dialog).findByRole('region', { name: 'Leads with the email vera@berg.se' });
    expect(within(suggestions).getByRole('button', { name: 'Choose Vera Berg-Lind' })).toBeTruthy();
  });
});
