import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubCaptureApi } from '../test/capture-fetch.ts';
import { ConfirmPage } from './confirm-page.tsx';
import en from './locales/en.json';
import sv from './locales/sv.json';

const CONFIRM = 'POST /public/leads/confirm-email/';

afterEach(() => vi.unstubAllGlobals());

function show(language: 'en' | 'sv' = 'en') {
  const pathname = language === 'sv' ? '/sv/capture/confirm' : '/capture/confirm';
  return render(<ConfirmPage token="tok-123" language={language} pathname={pathname} search="?token=tok-123" />);
}

describe('the email confirmation page', () => {
  it('confirms the token once and says so', async () => {
    const api = stubCaptureApi({ [CONFIRM]: ok({ email_verified: true, event_name: 'Nordic Expo 2026' }) });
    show();
    expect(screen.getByRole('status').textContent).toBe(en['confirm.loading']);
    expect(await screen.findByRole('heading', { level: 1, name: en['confirm.successTitle'] })).toBeTruthy();
    expect(screen.getByText(/Nordic Expo 2026/).textContent).toContain('1 business day');
    expect(api.of(CONFIRM).map((c) => c.body)).toEqual([{ token: 'tok-123' }]);
    expect(document.title).toBe(en['meta.confirmTitle']);
  });

  it('says an unknown, expired or used link does not work, in Swedish on /sv', async () => {
    stubCaptureApi({ [CONFIRM]: fail(404, 'NOT_FOUND') });
    show('sv');
    expect(await screen.findByRole('heading', { level: 1, name: sv['confirm.invalidTitle'] })).toBeTruthy();
    expect(screen.getByText(sv['confirm.invalidMessage'])).toBeTruthy();
  });

  it('offers a retry when the server could not answer', async () => {
    const user = userEvent.setup();
    stubCaptureApi({ [CONFIRM]: [fail(503, 'INTERNAL_ERROR'), ok({ email_verified: true, event_name: 'Expo' })] });
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(en['error.server']);
    await user.click(screen.getByRole('button', { name: en['error.retry'] }));
    expect(await screen.findByRole('heading', { level: 1, name: en['confirm.successTitle'] })).toBeTruthy();
  });
});
