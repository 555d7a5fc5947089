import { createFormField } from '@leadcapture/contracts/form-fields';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok, orgId } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { EventFormPage } from '../pages/event-form-page.tsx';
import { anEvent, eventId, page } from '../test/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
});

const withToasts = (ui: ReactNode) => (
  <>
    {ui}
    <Toaster />
  </>
);

const graceId = '00000000-0000-4000-8000-0000000000b2';
const veraId = '00000000-0000-4000-8000-0000000000b3';
const ruleId = '00000000-0000-4000-8000-0000000000c1';

const FORM = [
  createFormField('select', 'timeline', { label: 'When are you buying?', options: ['Within 3 months', 'Later'] }),
  createFormField('checkbox', 'topics', { label: 'Interests', options: ['Pricing', 'Integrations'] }),
  createFormField('heading', 'intro', { label: 'About you' }),
];

const members = page([
  { id: me.id, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', role: 'owner', is_active: true },
  {
    id: graceId,
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    role: 'member',
    is_active: true,
  },
  { id: veraId, first_name: 'Vera', last_name: 'Viewer', email: 'vera@example.com', role: 'viewer', is_active: true },
]);

function server(routes: Record<string, (body: unknown) => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    [`GET /events/${eventId}/`]: () => ok(anEvent({ form_fields: FORM })),
    [`GET /organizations/${orgId}/members/`]: () => ok(members),
    [`GET /events/${eventId}/assignment/`]: () => ok({ mode: 'none', user_ids: [] }),
    [`GET /events/${eventId}/scoring_rules/`]: () => ok({ rules: [] }),
    ...routes,
  });
}

const open = () =>
  renderWithApp(withToasts(<EventFormPage />), { path: '/events/form/:id', url: `/events/form/${eventId}` });

describe('the event form: assignment of new leads', () => {
  it('saves a round robin over the chosen members, offering only members who work on leads', async () => {
    const api = server({
      [`PUT /events/${eventId}/assignment/`]: (body) => ok(body),
    });
    await open();
    const card = await screen.findByRole('form', { name: 'Assignment of new leads' });
    await userEvent.click(await within(card).findByRole('radio', { name: /In turn \(round robin\)/ }));
    expect(within(card).queryByRole('checkbox', { name: 'Vera Viewer' })).toBeNull();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Grace Hopper' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save assignment' }));
    expect(await screen.findByText('Assignment saved')).toBeTruthy();
    expect(api.bodies(`PUT /events/${eventId}/assignment/`)).toEqual([{ mode: 'round_robin', user_ids: [graceId] }]);
  });

  it('asks for the member of a fixed assignment before sending, and words a refusal', async () => {
    const api = server({
      [`PUT /events/${eventId}/assignment/`]: () => fail(422, 'VALIDATION_ERROR', { 'user_ids.0': ['gone'] }),
    });
    await open();
    const card = await screen.findByRole('form', { name: 'Assignment of new leads' });
    await userEvent.click(await within(card).findByRole('radio', { name: /To one member/ }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save assignment' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Choose the member who gets every lead.');
    expect(api.bodies(`PUT /events/${eventId}/assignment/`)).toEqual([]);
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: /Member/ }), graceId);
    await userEvent.click(within(card).getByRole('button', { name: 'Save assignment' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe(
        'One of the chosen members can no longer take leads. Reload the page and choose again.',
      ),
    );
    expect(api.bodies(`PUT /events/${eventId}/assignment/`)).toEqual([{ mode: 'fixed', user_ids: [graceId] }]);
  });
});

describe('the event form: scoring from answers', () => {
  it('writes the two examples of the issue as rules over the saved questions', async () => {
    const api = server({
      [`PUT /events/${eventId}/scoring_rules/`]: (body) => {
        const rules = (body as { rules: Record<string, unknown>[] }).rules.map((r, i) => ({
          id: `00000000-0000-4000-8000-0000000000d${i}`,
          ...r,
        }));
        return ok({ rules });
      },
    });
    await open();
    const card = await screen.findByRole('form', { name: 'Scoring from answers' });
    expect(within(card).getByText(/No rules yet/)).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Add rule' }));
    const first = within(card).getByRole('listitem', { name: /^Rule 1/ });
    // Only questions with answers to read: not the heading.
    expect(within(first).queryByRole('option', { name: 'About you' })).toBeNull();
    await userEvent.type(within(first).getByRole('textbox', { name: /Shown as/ }), 'Buying within 3 months');
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Answer' }), 'Within 3 months');
    await userEvent.clear(within(first).getByRole('spinbutton', { name: /Points/ }));
    await userEvent.type(within(first).getByRole('spinbutton', { name: /Points/ }), '20');

    await userEvent.click(within(card).getByRole('button', { name: 'Add rule' }));
    const second = within(card).getByRole('listitem', { name: /^Rule 2/ });
    await userEvent.type(within(second).getByRole('textbox', { name: /Shown as/ }), 'Interested in Pricing');
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Question' }), 'topics');
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Condition' }), 'one_of');
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Pricing' }));
    await userEvent.clear(within(second).getByRole('spinbutton', { name: /Points/ }));
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Set interest' }), 'warm');

    await userEvent.click(within(card).getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText("Scoring rules saved; the event's leads were rescored")).toBeTruthy();
    expect(api.bodies(`PUT /events/${eventId}/scoring_rules/`)).toEqual([
      {
        rules: [
          {
            label: 'Buying within 3 months',
            field: 'timeline',
            operator: 'equals',
            values: ['Within 3 months'],
            points: 20,
            interest: null,
          },
          {
            label: 'Interested in Pricing',
            field: 'topics',
            operator: 'one_of',
            values: ['Pricing'],
            points: 0,
            interest: 'warm',
          },
        ],
      },
    ]);
  });

  it('checks rules before sending, shows the server’s refusal on its rule, and keeps ids of saved rules', async () => {
    const saved = {
      id: ruleId,
      label: 'Later',
      field: 'timeline',
      operator: 'equals',
      values: ['Later'],
      points: -5,
      interest: null,
    };
    const api = server({
      [`GET /events/${eventId}/scoring_rules/`]: () => ok({ rules: [saved] }),
      [`PUT /events/${eventId}/scoring_rules/`]: () =>
        fail(422, 'VALIDATION_ERROR', { 'rules.1.values.0': ["Choose among the field's options"] }),
    });
    await open();
    const card = await screen.findByRole('form', { name: 'Scoring from answers' });
    await within(card).findByRole('listitem', { name: 'Rule 1: Later' });
    await userEvent.click(within(card).getByRole('button', { name: 'Add rule' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save rules' }));
    const second = within(card).getByRole('listitem', { name: /^Rule 2/ });
    expect(within(second).getByText('Give the rule a name.')).toBeTruthy();
    expect(api.bodies(`PUT /events/${eventId}/scoring_rules/`)).toEqual([]);

    await userEvent.type(within(second).getByRole('textbox', { name: /Shown as/ }), 'Soon');
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Answer' }), 'Within 3 months');
    await userEvent.click(within(card).getByRole('button', { name: 'Save rules' }));
    expect(
      await within(second).findByText('This rule does not fit the saved form; check its question and answers.'),
    ).toBeTruthy();
    expect(api.bodies(`PUT /events/${eventId}/scoring_rules/`)).toEqual([
      {
        rules: [
          saved,
          {
            label: 'Soon',
            field: 'timeline',
            operator: 'equals',
            values: ['Within 3 months'],
            points: 10,
            interest: null,
          },
        ],
      },
    ]);
  });
});
