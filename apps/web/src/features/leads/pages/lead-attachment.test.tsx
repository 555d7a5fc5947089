import { createFormField } from '@leadcapture/contracts/form-fields';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent } from '../../events/test/fixtures.ts';
import { anOffer } from '../../offers/test/fixtures.ts';
import { aLead, aScore, eventId, leadId, members, orgMembersPath, page } from '../test/fixtures.ts';
import { LeadDetailPage } from './lead-detail-page.tsx';

const fileId = '00000000-0000-4000-8000-0000000000f1';
const offerId = '00000000-0000-4000-8000-0000000000a1';
const cv = createFormField('file', 'cv', { label: 'Your CV' });

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

const fileInfo = () =>
  ok({
    id: fileId,
    purpose: 'lead_attachment',
    content_type: 'application/pdf',
    size: 12,
    original_name: 'brief.pdf',
    uploaded_by: null,
    download_url: `/api/v1/files/${fileId}/download/`,
    public_url: null,
    created_at: '2026-11-22T09:00:00.000Z',
    updated_at: '2026-11-22T09:00:00.000Z',
  });

describe('a file answer on the lead page', () => {
  it("shows an offer lead's file by name under the offer's question, not its id", async () => {
    fakeServer({
      'GET /auth/me/': () => ok(me),
      [`GET /leads/${leadId}/`]: () => ok(aLead({ event: null, offer: offerId, custom_fields: { cv: fileId } })),
      [`GET /leads/${leadId}/activities/`]: () => ok(page([])),
      [`GET /leads/${leadId}/notes/`]: () => ok(page([])),
      [`GET /leads/${leadId}/score/`]: () => ok(aScore()),
      [`GET /offers/${offerId}/`]: () => ok(anOffer({ id: offerId, form_fields: [cv] })),
      [`GET ${orgMembersPath}`]: () => ok(members()),
      [`GET /files/${fileId}/`]: fileInfo,
    });
    await renderWithApp(<LeadDetailPage />, { path: '/leads/:id', url: `/leads/${leadId}` });

    await screen.findByRole('button', { name: 'brief.pdf' });
    screen.getByText('Your CV');
    expect(screen.queryByText(fileId)).toBeNull();
  });

  it('shows the file by name and downloads it with the token', async () => {
    const api = fakeServer({
      'GET /auth/me/': () => ok(me),
      [`GET /leads/${leadId}/`]: () => ok(aLead({ custom_fields: { cv: fileId } })),
      [`GET /leads/${leadId}/activities/`]: () => ok(page([])),
      [`GET /leads/${leadId}/notes/`]: () => ok(page([])),
      [`GET /leads/${leadId}/score/`]: () => ok(aScore()),
      [`GET /events/${eventId}/`]: () => ok(anEvent({ form_fields: [cv] })),
      [`GET ${orgMembersPath}`]: () => ok(members()),
      [`GET /files/${fileId}/`]: fileInfo,
      [`GET /files/${fileId}/download/`]: () =>
        new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:brief');
    await renderWithApp(<LeadDetailPage />, { path: '/leads/:id', url: `/leads/${leadId}` });

    const link = await screen.findByRole('button', { name: 'brief.pdf' });
    await userEvent.setup().click(link);
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(api.calls.some((c) => c.path === `/files/${fileId}/download/`)).toBe(true);
    save.mockRestore();
  });
});
