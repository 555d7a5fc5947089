import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent } from '../../events/test/fixtures.ts';
import { aLead, eventId, leadId, memberId, members, orgMembersPath, page } from '../test/fixtures.ts';
import { LeadFormPage } from './lead-form-page.tsx';

function server(routes: Record<string, (body: unknown) => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    'GET /events/': () => ok(page([anEvent()])),
    [`GET ${orgMembersPath}`]: () => ok(members()),
    ...routes,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
});

describe('LeadFormPage (create)', () => {
  it('checks the form with the contract before sending anything', async () => {
    const api = server();
    const user = userEvent.setup();
    await renderWithApp(<LeadFormPage />, { path: '/leads/form' });
    await screen.findByRole('heading', { level: 1, name: 'Add lead' });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Score set by hand'), '140');
    await user.click(screen.getByRole('button', { name: 'Add lead' }));

    const first = screen.getByLabelText(/First name/);
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 0 to 100')).toBeTruthy();
    expect(api.bodies('POST /leads/')).toHaveLength(0);
  });

  it('starts in the event an event page’s "Add lead" names, and ignores a malformed one', async () => {
    server();
    const first = await renderWithApp(<LeadFormPage />, { path: '/leads/form', url: `/leads/form?event=${eventId}` });
    await screen.findByRole('option', { name: 'Nordic Expo' });
    expect(screen.getByLabelText<HTMLSelectElement>('Event').value).toBe(eventId);
    first.unmount();

    server();
    await renderWithApp(<LeadFormPage />, { path: '/leads/form', url: '/leads/form?event=nordic-expo' });
    await screen.findByRole('option', { name: 'Nordic Expo' });
    expect(screen.getByLabelText<HTMLSelectElement>('Event').value).toBe('');
  });

  it('creates a lead with every field and opens it', async () => {
    const api = server({ 'POST /leads/': () => ok(aLead(), 201) });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<LeadFormPage />, { path: '/leads/form' });
    await screen.findByRole('heading', { level: 1, name: 'Add lead' });

    await user.type(screen.getByLabelText(/First name/), 'Vera');
    await user.type(screen.getByLabelText(/Last name/), 'Berg');
    await user.type(screen.getByLabelText('Email'), 'Vera@Berg.se');
    await user.type(screen.getByLabelText('Phone'), '+46 70 123 45 67');
    await user.type(screen.getByLabelText('Company'), 'Berg AB');
    await user.type(screen.getByLabelText('Job title'), 'CTO');
    await user.selectOptions(screen.getByLabelText('Company size'), '51-200');
    await user.selectOptions(screen.getByLabelText('Status'), 'contacted');
    await user.selectOptions(screen.getByLabelText('Interest'), 'hot');
    await user.selectOptions(screen.getByLabelText('Budget'), '5000_10000');
    await user.selectOptions(screen.getByLabelText('Decision timeline'), 'asap');
    await user.selectOptions(screen.getByLabelText('Decision role'), 'decision_maker');
    await user.type(screen.getByLabelText('Score set by hand'), '75');
    await user.type(screen.getByLabelText('Interested in'), 'Badge scanners{Enter}');
    await user.selectOptions(screen.getByLabelText('Source'), 'referral');
    await user.selectOptions(await screen.findByLabelText('Event'), eventId);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Sam Seller' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Assigned to'), memberId);
    await user.type(screen.getByLabelText('Follow-up'), '2027-03-12T09:30');
    await user.type(screen.getByLabelText('Tags'), 'expo, VIP{Enter}expo{Enter}');
    await user.type(screen.getByLabelText('Notes'), 'Wants a demo in March.');
    await user.click(screen.getByRole('button', { name: 'Add lead' }));

    await waitFor(() => expect(api.bodies('POST /leads/')).toHaveLength(1));
    expect(api.bodies('POST /leads/')[0]).toEqual({
      first_name: 'Vera',
      last_name: 'Berg',
      email: 'vera@berg.se',
      phone: '+46 70 123 45 67',
      company: 'Berg AB',
      job_title: 'CTO',
      company_size: '51-200',
      source: 'referral',
      status: 'contacted',
      interest: 'hot',
      budget_range: '5000_10000',
      decision_timeline: 'asap',
      decision_role: 'decision_maker',
      interested_products: ['Badge scanners'],
      tags: ['expo', 'VIP'],
      assigned_to: memberId,
      notes: 'Wants a demo in March.',
      follow_up_date: new Date('2027-03-12T09:30').toISOString(),
      event: eventId,
      manual_score: 75,
    });
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Vera Berg was added'));
    expect(router.state.location.pathname).toBe(`/leads/${leadId}`);
  }, 30_000);

  it('says so when the email already belonged to a lead, and opens that lead', async () => {
    // 200, not 201: the organisation links duplicates (decision 013), so the answer is the lead it had.
    server({ 'POST /leads/': () => ok(aLead({ first_name: 'Vera', last_name: 'Berg' }), 200) });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<LeadFormPage />, { path: '/leads/form' });
    await screen.findByRole('heading', { level: 1, name: 'Add lead' });
    await user.type(screen.getByLabelText(/First name/), 'Vera');
    await user.type(screen.getByLabelText(/Last name/), 'Berg');
    await user.type(screen.getByLabelText('Email'), 'vera@berg.se');
    await user.click(screen.getByRole('button', { name: 'Add lead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/leads/${leadId}`));
    const toast = getToasts().at(-1);
    expect(toast).toMatchObject({ type: 'info', title: 'Vera Berg was already one of your leads' });
    expect(getToasts().map((t) => t.title)).not.toContain('Vera Berg was added');
  });

  it('puts the server’s 422 messages on their fields, nested ones on the whole chip input', async () => {
    server({
      'POST /leads/': () =>
        fail(422, 'VALIDATION_ERROR', {
          email: ['Enter a valid email address'],
          'tags.1': ['Ensure this field has no more than 50 characters'],
          custom_fields: ['Use at most 100 fields'],
        }),
    });
    const user = userEvent.setup();
    await renderWithApp(<LeadFormPage />, { path: '/leads/form' });
    await screen.findByRole('heading', { level: 1, name: 'Add lead' });
    await user.type(screen.getByLabelText(/First name/), 'Vera');
    await user.type(screen.getByLabelText(/Last name/), 'Berg');
    await user.click(screen.getByRole('button', { name: 'Add lead' }));

    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ensure this field has no more than 50 characters')).toBeTruthy();
    expect(screen.getByLabelText('Tags').getAttribute('aria-invalid')).toBe('true');
    // A message about no field of the form goes above it.
    expect(screen.getByRole('alert').textContent).toBe('Use at most 100 fields');
  });

  it('shows Swedish validation messages on a Swedish page', async () => {
    server();
    const user = userEvent.setup();
    await renderWithApp(<LeadFormPage />, { path: '/sv/leads/form', language: 'sv' });
    await screen.findByRole('heading', { level: 1, name: 'Lägg till lead' });
    await user.type(screen.getByLabelText('Manuellt satt poäng'), '101');
    await user.click(screen.getByRole('button', { name: 'Lägg till lead' }));
    expect(await screen.findByText('Ange ett heltal från 0 till 100')).toBeTruthy();
    expect(screen.getAllByText('Det här fältet är obligatoriskt')).toHaveLength(2);
  });
});

describe('LeadFormPage (edit)', () => {
  it('loads the lead, has no source to change, and sends only what changed', async () => {
    const api = server({
      [`GET /leads/${leadId}/`]: () => ok(aLead()),
      [`PATCH /leads/${leadId}/`]: () => ok(aLead({ company: 'Berg & Co' })),
    });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<LeadFormPage />, {
      path: '/leads/form/:id',
      url: `/leads/form/${leadId}`,
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit lead' });
    expect(screen.getByLabelText<HTMLInputElement>(/First name/).value).toBe('Vera');
    expect(screen.queryByLabelText('Source')).toBeNull();
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getByText('expo')).toBeTruthy();

    const company = screen.getByLabelText('Company');
    await user.clear(company);
    await user.type(company, 'Berg & Co');
    await user.selectOptions(screen.getByLabelText('Interest'), '');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.bodies(`PATCH /leads/${leadId}/`)).toHaveLength(1));
    expect(api.bodies(`PATCH /leads/${leadId}/`)[0]).toEqual({ company: 'Berg & Co', interest: null });
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Lead updated'));
    expect(router.state.location.pathname).toBe(`/leads/${leadId}`);
  }, 30_000);

  it('says "Lead not found" for a lead that is not there', async () => {
    server({ [`GET /leads/${leadId}/`]: () => fail(404, 'NOT_FOUND') });
    await renderWithApp(<LeadFormPage />, { path: '/leads/form/:id', url: `/leads/form/${leadId}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lead not found' })).toBeTruthy();
  });
});
