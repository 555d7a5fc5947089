import 'fake-indexeddb/auto';
import { IDEMPOTENCY_KEY_HEADER } from '@leadcapture/contracts/public-capture';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeQueue, enqueue, QUEUE_DB_NAME, readQueue } from '../lib/offline-queue.ts';
import { replayQueue } from '../lib/sync-replay.ts';
import { fail, ok, publicEvent, stubCaptureApi, topicField } from '../test/capture-fetch.ts';
import { CapturePage } from './capture-page.tsx';
import en from './locales/en.json';

const EVENT = 'GET /public/events/nordic-expo/';
const LEADS = 'POST /public/events/nordic-expo/leads/';
const VIEWS = 'POST /public/events/nordic-expo/views/';

afterEach(async () => {
  vi.unstubAllGlobals();
  await closeQueue();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(QUEUE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});

/** A visitor's answers kept offline on the page of nordic-expo. */
function keep(body: Record<string, unknown>) {
  return enqueue({
    action: 'capture',
    scope: 'nordic-expo',
    label: 'Anna Lind',
    data: { url: '/api/v1/public/events/nordic-expo/leads/', body, idempotency_key: 'kept-1' },
  });
}

function show() {
  return render(<CapturePage slug="nordic-expo" language="en" pathname="/capture/nordic-expo" search="" referrer="" />);
}

describe('the fix screen of a capture page (answers kept offline, refused later)', () => {
  it('shows the refused answers with the server message, sends the corrected ones again, once', async () => {
    const user = userEvent.setup();
    const api = stubCaptureApi({
      [EVENT]: ok(publicEvent({}, [topicField])),
      [VIEWS]: ok({ counted: true }),
      [LEADS]: [
        fail(422, 'VALIDATION_ERROR', { email: ['Enter a valid email address'] }),
        ok({ id: '00000000-0000-4000-8000-0000000000a1', status: 'received' }, 201),
      ],
    });
    await keep({ first_name: 'Anna', last_name: 'Lind', company: 'Lind & Co', email: 'anna@' });
    // The network back: the server refuses it; it is set aside, not dropped.
    expect(await replayQueue()).toMatchObject({ sent: 0, setAside: 1 });

    show();
    const panel = (await screen.findByRole('heading', { name: en['fix.title'].replace('{count}', '1') })).closest(
      'section',
    );
    expect(panel).not.toBeNull();
    const form = within(panel as HTMLElement).getByRole('form', { name: 'Anna Lind' });
    const email = within(form).getByRole('textbox', { name: en['field.email'] });
    expect(email).toHaveProperty('value', 'anna@');
    expect(within(form).getByText(en['validation.email'])).toBeTruthy();
    // Only what the server refused is asked again.
    expect(within(form).queryByRole('textbox', { name: en['field.first_name'] })).toBeNull();

    await user.clear(email);
    await user.type(email, 'anna@lind.example.com');
    await user.click(within(form).getByRole('button', { name: en['fix.send'] }));

    await waitFor(async () => expect((await readQueue()).entries).toEqual([]));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /need a correction/ })).toBeNull());
    const sent = api.of(LEADS);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({ email: 'anna@lind.example.com', first_name: 'Anna' });
    // The same key: a 422 stored nothing, so the corrected answers are the one lead.
    expect(sent.map((c) => c.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()])).toEqual(['kept-1', 'kept-1']);
  });

  it('keeps a refused entry until the visitor confirms its removal', async () => {
    const user = userEvent.setup();
    stubCaptureApi({
      [EVENT]: ok(publicEvent()),
      [VIEWS]: ok({ counted: true }),
      [LEADS]: fail(403, 'FORBIDDEN'),
    });
    await keep({ first_name: 'Anna', last_name: 'Lind', company: 'Lind & Co', email: 'anna@lind.example.com' });
    await replayQueue();
    show();
    const form = await screen.findByRole('form', { name: 'Anna Lind' });
    // No field errors: the server's message, and the choice to remove.
    expect(within(form).getByRole('alert').textContent).toBe('FORBIDDEN');
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await user.click(within(form).getByRole('button', { name: en['fix.remove'] }));
    expect(confirm).toHaveBeenCalledWith(en['fix.removeConfirm']);
    expect((await readQueue()).entries).toHaveLength(1);
    confirm.mockReturnValue(true);
    await user.click(within(form).getByRole('button', { name: en['fix.remove'] }));
    await waitFor(async () => expect((await readQueue()).entries).toEqual([]));
  });
});
