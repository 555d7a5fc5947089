import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok, pending, type Handler } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent } from '../../events/test/fixtures.ts';
import {
  aLead,
  anActivity,
  aScore,
  eventId,
  leadId,
  memberId,
  members,
  orgMembersPath,
  page,
} from '../test/fixtures.ts';
import { aClient } from '../../clients/test/fixtures.ts';
import { LeadDetailPage } from './lead-detail-page.tsx';

const path = '/leads/:id';
const url = `/leads/${leadId}`;
const sam = { id: memberId, name: 'Sam Seller' };

const timeline = () =>
  page([
    anActivity({
      type: 'call',
      description: 'Talked about badge scanners.',
      user: sam,
      created_at: '2026-11-22T09:00:00.000Z',
    }),
    anActivity({ type: 'status_changed', metadata: { from: 'new', to: 'contacted' }, user: sam }),
    anActivity({ type: 'assigned', metadata: { from: null, to: memberId, to_name: 'Sam Seller' } }),
    anActivity({ type: 'score_changed', metadata: { from: 40, to: 89, manual: false }, user: null }),
    anActivity({ type: 'lead_created', metadata: { source: 'qr_scan', event_id: eventId }, user: null }),
  ]);

/** A note as the notes routes answer it: its text as `body`, the name it is sent under. */
function aNote(body: string, user?: { id: string; name: string }) {
  const { description: _text, ...activity } = anActivity({
    type: 'note',
    description: body,
    ...(user ? { user } : {}),
  });
  return { ...activity, body };
}

const myNote = aNote('Prefers email.', { id: me.id, name: 'Ada Lovelace' });
const samsNote = aNote('Budget signed off.', sam);

function server(routes: Record<string, Handler> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    [`GET /leads/${leadId}/`]: () => ok(aLead()),
    [`GET /leads/${leadId}/activities/`]: () => ok(timeline()),
    [`GET /leads/${leadId}/notes/`]: () => ok(page([myNote, samsNote])),
    [`GET /leads/${leadId}/score/`]: () => ok(aScore()),
    [`GET /events/${eventId}/`]: () => ok(anEvent()),
    [`GET ${orgMembersPath}`]: () => ok(members()),
    ...routes,
  });
}

const toastTitles = () => getToasts().map((t) => t.title);

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
});

describe('LeadDetailPage', () => {
  it('shows the lead: header, timeline with who and what, insights and details', async () => {
    server();
    await renderWithApp(<LeadDetailPage />, { path, url });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vera Berg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Merge with…' })).toBeTruthy();
    expect(screen.getByText('CTO · Berg AB')).toBeTruthy();
    expect(screen.getAllByText('New').length).toBeGreaterThan(0);
    expect(screen.getByText('Hot')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Score 89. Why this score?' })).toBeTruthy();

    const activity = await screen.findByRole('list', { name: 'Activity' });
    const entries = within(activity).getAllByRole('listitem');
    expect(entries.map((e) => e.querySelector('p')?.textContent)).toEqual([
      'Call',
      'Status changed from New to Contacted',
      'Assigned to Sam Seller',
      'Score changed from 40 to 89',
      'Lead created (QR scan)',
    ]);
    expect(within(entries[0]!).getByText('Talked about badge scanners.')).toBeTruthy();
    expect(within(entries[0]!).getByText(/Sam Seller/)).toBeTruthy();
    expect(within(entries[3]!).getByText(/LeadCapture/)).toBeTruthy();
    expect(entries[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-22T09:00:00.000Z');

    const insights = screen.getByRole('heading', { name: 'Insights' }).closest('div.rounded-2xl') as HTMLElement;
    const breakdown = await within(insights).findByRole('table', { name: 'Score breakdown' });
    const interest = within(breakdown).getByRole('row', { name: /Interest/ });
    expect(within(interest).getByText('Hot')).toBeTruthy();
    expect(within(interest).getByText('+30')).toBeTruthy();
    expect(within(breakdown).getByRole('row', { name: /Activity/ }).textContent).toContain('3 activities');
    expect(within(insights).getByText('linkedin')).toBeTruthy();
    expect(within(insights).getByText('expo-2026')).toBeTruthy();
    expect(within(insights).getByText('I agree to be contacted.')).toBeTruthy();
    expect((await within(insights).findByRole('link', { name: 'Nordic Expo' })).getAttribute('href')).toBe(
      `/events/${eventId}`,
    );
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/leads/form/${leadId}`);
  });

  it("lists the event's answer rules the lead matches in the breakdown, by their labels", async () => {
    const base = aScore();
    server({
      [`GET /leads/${leadId}/score/`]: () =>
        ok({
          ...base,
          auto_score: 100,
          lines: [
            ...base.lines,
            { factor: 'answer', value: 'Buying within 3 months', points: 20, rule_id: 'r1' },
            { factor: 'answer', value: 'Just looking', points: -5, rule_id: 'r2' },
          ],
        }),
    });
    await renderWithApp(<LeadDetailPage />, { path, url });
    const insights = (await screen.findByRole('heading', { name: 'Insights' })).closest(
      'div.rounded-2xl',
    ) as HTMLElement;
    const breakdown = await within(insights).findByRole('table', { name: 'Score breakdown' });
    const answers = within(breakdown).getAllByRole('row', { name: /^Answer/ });
    expect(answers.map((row) => row.textContent)).toEqual(['AnswerBuying within 3 months+20', 'AnswerJust looking-5']);
  });

  it('explains the score in a popover and sets or clears a score by hand', async () => {
    const api = server({
      [`PUT /leads/${leadId}/score/`]: (body) => {
        const manual = (body as { manual_score: number | null }).manual_score;
        return ok(aScore({ score: manual ?? 89, manual_score: manual }));
      },
    });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Score 89. Why this score?' }));
    const popover = await screen.findByRole('dialog', { name: 'Score breakdown' });
    expect(await within(popover).findByRole('row', { name: /Decision role/ })).toBeTruthy();

    const input = within(popover).getByLabelText('Set the score by hand');
    await user.type(input, '140');
    await user.click(within(popover).getByRole('button', { name: 'Set score' }));
    expect(within(popover).getByText('Enter a whole number from 0 to 100')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '95');
    await user.click(within(popover).getByRole('button', { name: 'Set score' }));
    await waitFor(() => expect(toastTitles()).toContain('Score set to 95'));
    expect(await screen.findByRole('button', { name: 'Score 95. Why this score?' })).toBeTruthy();

    await user.click(await within(popover).findByRole('button', { name: 'Use the automatic score' }));
    await waitFor(() => expect(toastTitles()).toContain('The automatic score applies again'));
    expect(api.bodies(`PUT /leads/${leadId}/score/`)).toEqual([{ manual_score: 95 }, { manual_score: null }]);
  });

  it('adds, edits and deletes the user’s own notes, and leaves others’ alone', async () => {
    // The server keeps the notes, so the refetch after each change sees it.
    let stored = [myNote, samsNote];
    const added = aNote('Call back Monday.');
    const api = server({
      [`GET /leads/${leadId}/notes/`]: () => ok(page(stored)),
      [`POST /leads/${leadId}/notes/`]: () => {
        stored = [added, ...stored];
        return ok(added, 201);
      },
      [`PATCH /leads/${leadId}/notes/${myNote.id}/`]: (body) => {
        const edited = {
          ...myNote,
          body: (body as { body: string }).body,
          updated_at: '2026-11-21T12:00:00.000Z',
        };
        stored = stored.map((n) => (n.id === myNote.id ? edited : n));
        return ok(edited);
      },
      [`DELETE /leads/${leadId}/notes/${myNote.id}/`]: () => {
        stored = stored.filter((n) => n.id !== myNote.id);
        return ok({ detail: 'deleted' });
      },
    });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    const notes = await screen.findByRole('list', { name: 'Internal notes' });
    const mine = within(notes).getByRole('article', { name: 'Note by Ada Lovelace' });
    const sams = within(notes).getByRole('article', { name: 'Note by Sam Seller' });
    expect(within(sams).queryByRole('button', { name: 'Edit note' })).toBeNull();
    expect(within(sams).queryByRole('button', { name: 'Delete note' })).toBeNull();

    // Add: an empty note is refused by the contract's schema before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await user.type(screen.getByLabelText('New note'), 'Call back Monday.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Call back Monday.')).toBeTruthy();
    expect(api.bodies(`POST /leads/${leadId}/notes/`)).toEqual([{ body: 'Call back Monday.' }]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('New note').value).toBe('');

    // Edit.
    await user.click(within(mine).getByRole('button', { name: 'Edit note' }));
    const editor = await screen.findByRole('form', { name: 'Edit note' });
    const text = within(editor).getByLabelText('Note');
    await user.clear(text);
    await user.type(text, 'Prefers phone.');
    await user.click(within(editor).getByRole('button', { name: 'Save note' }));
    expect(await within(notes).findByText('Prefers phone.')).toBeTruthy();
    expect(api.bodies(`PATCH /leads/${leadId}/notes/${myNote.id}/`)).toEqual([{ body: 'Prefers phone.' }]);

    // Delete, only after confirmation.
    const edited = within(notes).getByText('Prefers phone.').closest('article') as HTMLElement;
    await user.click(within(edited).getByRole('button', { name: 'Delete note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(within(notes).queryByText('Prefers phone.')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/leads/${leadId}/notes/${myNote.id}/`,
    ]);
  }, 20_000);

  it('puts a failed note back and says so', async () => {
    server({ [`DELETE /leads/${leadId}/notes/${myNote.id}/`]: () => fail(500, 'INTERNAL_ERROR') });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    const notes = await screen.findByRole('list', { name: 'Internal notes' });
    await user.click(
      within(within(notes).getByRole('article', { name: 'Note by Ada Lovelace' })).getByRole('button', {
        name: 'Delete note',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this note?' })).getByRole('button', {
        name: 'Delete note',
      }),
    );
    await waitFor(() => expect(toastTitles()).toContain('Failed to delete note'));
    expect(within(notes).getByText('Prefers email.')).toBeTruthy();
  });

  it('changes the status with a note and word to the assigned rep', async () => {
    const api = server({ [`POST /leads/${leadId}/status/`]: () => ok(aLead({ status: 'qualified' })) });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Qualified' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Qualified?' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Budget confirmed');
    await user.click(within(dialog).getByLabelText('Notify the assigned rep by email'));
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(toastTitles()).toContain('Status changed to Qualified'));
    expect(api.bodies(`POST /leads/${leadId}/status/`)).toEqual([
      { status: 'qualified', note: 'Budget confirmed', notify: true },
    ]);
    expect(screen.getAllByText('Qualified').length).toBeGreaterThan(0);
  });

  it('goes back to the old status when the change fails, with the catalogue wording', async () => {
    server({ [`POST /leads/${leadId}/status/`]: () => fail(500, 'INTERNAL_ERROR') });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Lost?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(toastTitles()).toContain('Failed to update lead status'));
    const header = screen.getByRole('banner');
    expect(within(header).queryByText('Lost')).toBeNull();
    expect(within(header).getByText('New')).toBeTruthy();
  });

  it('logs a meeting on the timeline', async () => {
    const api = server({ [`POST /leads/${leadId}/activities/`]: () => ok(anActivity({ type: 'meeting' }), 201) });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    const form = await screen.findByRole('form', { name: 'Log an activity' });
    await user.click(within(form).getByRole('radio', { name: 'Meeting' }));
    await user.type(within(form).getByLabelText('What happened'), 'Demo at their office.');
    await user.click(within(form).getByRole('button', { name: 'Log activity' }));
    await waitFor(() => expect(toastTitles()).toContain('Meeting logged'));
    expect(api.bodies(`POST /leads/${leadId}/activities/`)).toEqual([
      { type: 'meeting', description: 'Demo at their office.' },
    ]);
  });

  it('schedules and clears the follow-up, and says when scheduling failed', async () => {
    let answer = (body: unknown) => ok(aLead(body as Record<string, unknown>));
    const api = server({ [`PATCH /leads/${leadId}/`]: (body) => answer(body) });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    await screen.findByRole('heading', { level: 1, name: 'Vera Berg' });
    expect(screen.getByText('No follow-up scheduled.')).toBeTruthy();
    await user.type(screen.getByLabelText('Date and time'), '2027-03-12T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(toastTitles().some((t) => t.startsWith('Follow-up scheduled for'))).toBe(true));
    expect(api.bodies(`PATCH /leads/${leadId}/`)).toEqual([
      { follow_up_date: new Date('2027-03-12T09:30').toISOString() },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(toastTitles()).toContain('Follow-up cleared'));
    expect(api.bodies(`PATCH /leads/${leadId}/`).at(-1)).toEqual({ follow_up_date: null });

    answer = () => fail(500, 'INTERNAL_ERROR');
    await user.type(screen.getByLabelText('Date and time'), '2027-04-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(toastTitles()).toContain('Failed to schedule follow-up'));
  });

  it('assigns the lead to another member', async () => {
    const api = server({ [`POST /leads/${leadId}/assign/`]: () => ok(aLead({ assigned_to: me.id })) });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    const select = await screen.findByLabelText('Assigned to');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Ada Lovelace' })).toBeTruthy());
    await user.selectOptions(select, me.id);
    await waitFor(() => expect(toastTitles()).toContain('Assigned to Ada Lovelace'));
    expect(api.bodies(`POST /leads/${leadId}/assign/`)).toEqual([{ assigned_to: me.id }]);
  });

  it('approves a lead that waits for approval', async () => {
    let approved = false;
    const api = server({
      [`GET /leads/${leadId}/`]: () => ok(aLead({ approval_status: approved ? 'approved' : 'pending' })),
      [`POST /leads/${leadId}/approve/`]: () => {
        approved = true;
        return ok(aLead({ approval_status: 'approved' }));
      },
    });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    expect(await screen.findByText('This lead is waiting for approval before the team works it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(api.calls.some((c) => c.method === 'POST' && c.path === `/leads/${leadId}/approve/`)).toBe(true);
  });

  it('moves the lead to the bin after confirmation, with an undo', async () => {
    const api = server({
      [`DELETE /leads/${leadId}/`]: () => ok({ detail: 'deleted' }),
      [`POST /leads/${leadId}/restore/`]: () => ok(aLead()),
    });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<LeadDetailPage />, { path, url });
    await screen.findByRole('list', { name: 'Internal notes' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this lead?' });
    expect(dialog.textContent).toContain('restored for 30 days');
    await user.click(within(dialog).getByRole('button', { name: 'Delete lead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
    const toast = getToasts().find((t) => t.title === 'Vera Berg moved to the bin');
    expect(toast?.action?.label).toBe('Undo');
    toast?.action?.onClick();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/leads/${leadId}`));
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      `DELETE /leads/${leadId}/`,
      `POST /leads/${leadId}/restore/`,
    ]);
  });

  it('opens a lead from the bin read-only, says when it goes for good, and restores it', async () => {
    let binned = true;
    const api = server({
      [`GET /leads/${leadId}/`]: () => ok(aLead({ deleted_at: binned ? '2026-11-20T10:00:00.000Z' : null })),
      [`POST /leads/${leadId}/restore/`]: () => {
        binned = false;
        return ok(aLead());
      },
    });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    const notice = await screen.findByText(/In the bin since Nov 20, 2026/);
    expect(notice.textContent).toContain('removed for good on Dec 20, 2026');
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByText(/In the bin since/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Change status' })).toBeTruthy();
    expect(toastTitles()).toContain('Vera Berg was restored');
    expect(api.calls.some((c) => c.method === 'POST' && c.path === `/leads/${leadId}/restore/`)).toBe(true);
  });

  it('says "Lead not found" for a lead that is not there', async () => {
    server({ [`GET /leads/${leadId}/`]: () => fail(404, 'NOT_FOUND') });
    await renderWithApp(<LeadDetailPage />, { path, url });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lead not found' })).toBeTruthy();
    for (const link of screen.getAllByRole('link', { name: 'All leads' }))
      expect(link.getAttribute('href')).toBe('/leads');
  });

  it('gives viewers nothing that changes the lead', async () => {
    const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };
    server({ 'GET /auth/me/': () => ok(viewer) });
    await renderWithApp(<LeadDetailPage />, { path, url });
    await screen.findByRole('heading', { level: 1, name: 'Vera Berg' });
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge with…' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Log an activity' })).toBeNull();
    expect(screen.queryByLabelText('New note')).toBeNull();
    expect(await screen.findByText('Sam Seller')).toBeTruthy();
  });
});

describe('LeadDetailPage: convert to client', () => {
  const clientId = '00000000-0000-4000-8000-0000000000c1';

  it('opens a dialog prefilled from the lead, converts it and goes to the client', async () => {
    const { bodies } = server({
      [`POST /leads/${leadId}/convert_to_client/`]: (body) =>
        ok(aClient({ id: clientId, ...(body as Record<string, unknown>) }), 201),
    });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<LeadDetailPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Convert to client' }));
    const dialog = screen.getByRole('dialog', { name: 'Convert to client' });
    // A hot lead of Berg AB with a 5,000–10,000 budget.
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Client type' }).value).toBe('smb');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Priority' }).value).toBe('high');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Status' }).value).toBe('onboarding');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Currency' }).value).toBe('usd');
    const value = within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: 'Estimated value' });
    expect(value.value).toBe('5000');

    await user.clear(value);
    await user.type(value, '7500.255');
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(await within(dialog).findByText(/two decimals/)).toBeTruthy();
    expect(bodies(`POST /leads/${leadId}/convert_to_client/`)).toEqual([]);

    await user.clear(value);
    await user.type(value, '7500.25');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Client type' }), 'enterprise');
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${clientId}`));
    expect(bodies(`POST /leads/${leadId}/convert_to_client/`)).toEqual([
      { client_type: 'enterprise', priority: 'high', status: 'onboarding', estimated_value: 7500.25, currency: 'usd' },
    ]);
    expect(toastTitles()).toContain('Berg AB is now a client');
  });

  it('says so when the lead was converted meanwhile, and with the catalogue wording on failure', async () => {
    let answer = () => fail(409, 'CONFLICT');
    server({ [`POST /leads/${leadId}/convert_to_client/`]: () => answer() });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Convert to client' }));
    const dialog = screen.getByRole('dialog', { name: 'Convert to client' });
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(await within(dialog).findByText('This lead has already been converted to a client.')).toBeTruthy();

    answer = () => fail(403, 'PERMISSION_DENIED');
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await waitFor(() =>
      expect(within(dialog).queryByText('This lead has already been converted to a client.')).toBeNull(),
    );
    answer = () => fail(400, 'BAD_REQUEST');
    await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(await within(dialog).findByText('Client conversion failed')).toBeTruthy();
  });

  it('links a converted lead to its client instead', async () => {
    server({ [`GET /leads/${leadId}/`]: () => ok(aLead({ status: 'converted', client: clientId })) });
    await renderWithApp(<LeadDetailPage />, { path, url });
    const link = await screen.findByRole('link', { name: 'View client' });
    expect(link.getAttribute('href')).toBe(`/clients/${clientId}`);
    expect(screen.queryByRole('button', { name: 'Convert to client' })).toBeNull();
  });

  it('offers viewers no convert', async () => {
    const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };
    server({ 'GET /auth/me/': () => ok(viewer) });
    await renderWithApp(<LeadDetailPage />, { path, url });
    await screen.findByRole('heading', { level: 1, name: 'Vera Berg' });
    expect(screen.queryByRole('button', { name: 'Convert to client' })).toBeNull();
  });
});

describe('LeadDetailPage panels', () => {
  const insights = () => screen.getByRole('heading', { name: 'Insights' }).closest('div.rounded-2xl') as HTMLElement;

  it('marks the notes, the timeline and the score busy while they load', async () => {
    server({
      [`GET /leads/${leadId}/activities/`]: pending,
      [`GET /leads/${leadId}/notes/`]: pending,
      [`GET /leads/${leadId}/score/`]: pending,
    });
    const { container } = await renderWithApp(<LeadDetailPage />, { path, url });
    await screen.findByRole('heading', { level: 1, name: 'Vera Berg' });
    const busy = () => [...container.querySelectorAll('[aria-busy="true"]')].map((e) => e.getAttribute('aria-label'));
    await waitFor(() => expect(busy()).toEqual(expect.arrayContaining(['Loading notes', 'Loading activity'])));
    expect(insights().querySelector('[aria-busy="true"]')?.getAttribute('aria-label')).toBe('Loading…');
    expect(screen.queryByRole('list', { name: 'Internal notes' })).toBeNull();
  });

  it('says what failed in the notes, the timeline and the score, each with a retry that fetches again', async () => {
    configureApiClient({ sleep: () => Promise.resolve() });
    let up = false;
    const down = () => fail(503, 'SERVICE_UNAVAILABLE');
    const api = server({
      [`GET /leads/${leadId}/activities/`]: () => (up ? ok(timeline()) : down()),
      [`GET /leads/${leadId}/notes/`]: () => (up ? ok(page([myNote])) : down()),
      [`GET /leads/${leadId}/score/`]: () => (up ? ok(aScore()) : down()),
    });
    const user = userEvent.setup();
    await renderWithApp(<LeadDetailPage />, { path, url });
    const alert = async (text: string) => (await screen.findByText(text)).closest('[role="alert"]') as HTMLElement;
    const notes = await alert('The notes could not be loaded.');
    const activity = await alert('The activity could not be loaded.');
    const score = await alert('The score breakdown could not be loaded.');
    expect(insights().contains(score)).toBe(true);

    up = true;
    const calls = (route: string) => api.calls.filter((c) => c.method === 'GET' && c.path === route).length;
    const before = calls(`/leads/${leadId}/notes/`);
    await user.click(within(notes).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Internal notes' })).toBeTruthy();
    expect(calls(`/leads/${leadId}/notes/`)).toBe(before + 1);
    await user.click(within(activity).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Activity' })).toBeTruthy();
    await user.click(within(score).getByRole('button', { name: 'Try again' }));
    expect(await within(insights()).findByRole('table', { name: 'Score breakdown' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
