import { createFormField } from '@leadcapture/contracts/form-fields';
import { ATTACHMENT_MESSAGES } from '@leadcapture/contracts/public-capture';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, publicEvent, stubCaptureApi } from '../test/capture-fetch.ts';
import type { Language } from '../i18n/language.ts';
import { CapturePage } from './capture-page.tsx';
import en from './locales/en.json';
import sv from './locales/sv.json';

const EVENT = 'GET /public/events/nordic-expo/';
const FILES = 'POST /public/events/nordic-expo/files/';
const LEADS = 'POST /public/events/nordic-expo/leads/';
const VIEWS = 'POST /public/events/nordic-expo/views/';
const FILE_ID = '00000000-0000-4000-8000-0000000000f1';
const cv = createFormField('file', 'cv', { label: 'Your CV', required: true });

function show(language: Language = 'en') {
  return render(
    <CapturePage
      slug="nordic-expo"
      language={language}
      pathname={language === 'sv' ? '/sv/capture/nordic-expo' : '/capture/nordic-expo'}
      search=""
      referrer=""
    />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const pdf = () => new File(['%PDF-1.4 brief'], 'brief.pdf', { type: 'application/pdf' });

describe('a file field on the capture page', () => {
  it('uploads the chosen file, shows it with a remove button, and sends its id with the lead', async () => {
    const user = userEvent.setup();
    const api = stubCaptureApi({
      [EVENT]: ok(publicEvent({}, [cv])),
      [VIEWS]: ok({ counted: true }),
      [FILES]: ok({ id: FILE_ID, name: 'brief.pdf', size: 2048, content_type: 'application/pdf' }, 201),
      [LEADS]: ok({ id: '00000000-0000-4000-8000-0000000000a1', status: 'received' }, 201),
    });
    show();
    const picker = await screen.findByLabelText(/Your CV/);
    expect(screen.queryByText(/not available/)).toBeNull();
    await user.upload(picker, pdf());

    expect(await screen.findByRole('button', { name: 'Remove brief.pdf' })).toBeTruthy();
    expect(screen.getByText('(2 KB)')).toBeTruthy();
    const [uploaded] = api.of(FILES);
    expect(uploaded?.body).toBeInstanceOf(FormData);
    expect((uploaded?.body as FormData).get('file')).toBeInstanceOf(File);

    await user.type(screen.getByRole('textbox', { name: en['field.first_name'] }), 'Anna');
    await user.type(screen.getByRole('textbox', { name: en['field.last_name'] }), 'Lind');
    await user.type(screen.getByRole('textbox', { name: en['field.company'] }), 'Lind & Co');
    await user.type(screen.getByRole('textbox', { name: en['field.email'] }), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: en['form.submit'] }));
    await screen.findByRole('heading', { name: en['thanks.title'] });
    const [sent] = api.of(LEADS);
    expect(sent?.body).toMatchObject({ responses: { cv: FILE_ID } });
  });

  it('removes a chosen file, and shows a refused upload in the page language', async () => {
    const user = userEvent.setup();
    stubCaptureApi({
      [EVENT]: ok(publicEvent({}, [cv])),
      [VIEWS]: ok({ counted: true }),
      [FILES]: [
        fail(413, 'PAYLOAD_TOO_LARGE', { file: [ATTACHMENT_MESSAGES.tooLarge] }),
        fail(422, 'VALIDATION_ERROR', { file: [ATTACHMENT_MESSAGES.invalid] }),
        ok({ id: FILE_ID, name: 'brief.pdf', size: 10, content_type: 'application/pdf' }, 201),
      ],
    });
    show('sv');
    const picker = () => screen.getByLabelText<HTMLInputElement>(/Your CV/);
    await screen.findByLabelText(/Your CV/);
    // The page's own words, not the browser's native "Choose File".
    expect(screen.getByText(sv['file.choose'])).toBeTruthy();
    expect(screen.getByText(sv['file.none'])).toBeTruthy();
    await user.upload(picker(), pdf());
    expect((await screen.findByRole('alert')).textContent).toBe(sv['file.tooLarge']);
    await user.upload(picker(), pdf());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(sv['file.invalid']));
    await user.upload(picker(), pdf());
    await user.click(await screen.findByRole('button', { name: 'Ta bort brief.pdf' }));
    expect(screen.getByLabelText(/Your CV/)).toBeTruthy();
    expect(screen.getByText(sv['file.choose'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ta bort brief.pdf' })).toBeNull();
  });
});
