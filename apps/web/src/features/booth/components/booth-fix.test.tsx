import 'fake-indexeddb/auto';
import { createFormField } from '@leadcapture/contracts/form-fields';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeQueue,
  enqueue,
  putEntry,
  QUEUE_DB_NAME,
  readQueue,
  type QueueEntry,
} from '../../../lib/offline-queue.ts';
import enErrors from '../../../locales/en/errors.json';
import enEvents from '../../../locales/en/events.json';
import svErrors from '../../../locales/sv/errors.json';
import { renderWithApp } from '../../../test/render.tsx';
import { BoothFixEntry } from './booth-fix.tsx';

afterEach(async () => {
  await closeQueue();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(QUEUE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});

const badge = createFormField('text', 'f_badge', { label: 'Badge number', required: true });

/** A booth lead kept offline that the server refused with these field errors. */
async function refused(details: Record<string, string[]>): Promise<QueueEntry> {
  const kept = await enqueue({
    action: 'booth',
    scope: 'fix-expo',
    label: 'Bo Badge',
    data: {
      url: '/api/v1/public/events/fix-expo/leads/',
      body: { first_name: 'Bo', last_name: 'Badge', company: 'Scan AB', email: 'bo@example.com' },
      idempotency_key: 'booth-1',
    },
  });
  const entry: QueueEntry = {
    ...kept,
    state: 'needs_fix',
    problem: { status: 422, code: 'VALIDATION_ERROR', message: 'Please correct the errors.', details },
  };
  await putEntry(entry);
  return entry;
}

describe('a refused booth lead to fix (issue 27)', () => {
  it('shows a question of the form the server asked for, with its message, and sends the answer again', async () => {
    const user = userEvent.setup();
    const entry = await refused({ 'responses.f_badge': ['This field is required'] });
    const onDone = vi.fn();
    await renderWithApp(<BoothFixEntry entry={entry} fields={[badge]} onDone={onDone} />);
    const form = screen.getByRole('form', { name: 'Bo Badge' });
    const answer = within(form).getByRole('textbox', { name: 'Badge number' });
    expect(within(form).getByText(enErrors.validation.required)).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: enEvents.booth.fields.email })).toHaveProperty(
      'value',
      'bo@example.com',
    );

    await user.type(answer, 'B-42');
    await user.click(within(form).getByRole('button', { name: enEvents.booth.sendAgain }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [stored] = (await readQueue()).entries;
    expect(stored).toMatchObject({ state: 'pending', problem: undefined });
    expect(stored?.data.body).toEqual({
      first_name: 'Bo',
      last_name: 'Badge',
      company: 'Scan AB',
      email: 'bo@example.com',
      responses: { f_badge: 'B-42' },
    });
  });

  it("says the server's messages in the user's language", async () => {
    const entry = await refused({ email: ['This field is required'], 'responses.f_badge': ['This field is required'] });
    await renderWithApp(<BoothFixEntry entry={entry} fields={[badge]} onDone={() => undefined} />, {
      language: 'sv',
    });
    expect(screen.getAllByText(svErrors.validation.required)).toHaveLength(2);
    expect(screen.queryByText('This field is required')).toBeNull();
  });
});
