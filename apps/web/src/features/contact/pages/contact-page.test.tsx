import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { fail, fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ContactPage } from './contact-page.tsx';

afterEach(() => vi.unstubAllGlobals());

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Your name/), 'Anna Lind');
  await user.type(screen.getByLabelText(/^Email/), 'anna@example.com');
  await user.type(screen.getByLabelText(/^Subject/), 'Pricing');
  await user.type(screen.getByLabelText(/^Message/), 'We run forty fairs a year.');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactPage', () => {
  it('promises a reply within 24 hours and checks the required fields before sending', async () => {
    const server = fakeServer({});
    await renderWithApp(<ContactPage />, { path: '/contact' });
    expect(screen.getByText('We reply within 24 hours')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findAllByText('This field is required')).length).toBe(4);
    expect(server.calls).toEqual([]);
  });

  it('starts with the subject "Book a demo" when the landing page sent the visitor to book one', async () => {
    fakeServer({});
    await renderWithApp(<ContactPage />, { path: '/contact', url: '/contact?topic=demo' });
    expect(screen.getByLabelText<HTMLInputElement>(/^Subject/).value).toBe('Book a demo');
  });

  it('sends the message with the page language and shows the reference', async () => {
    const server = fakeServer({ 'POST /contact/': () => ok({ reference: 'AB12CD34' }, 201) });
    await renderWithApp(<ContactPage />, { path: '/sv/contact', language: 'sv' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Ditt namn/), 'Anna Lind');
    await user.type(screen.getByLabelText(/^E-post/), 'anna@example.com');
    await user.type(screen.getByLabelText(/^Ämne/), 'Priser');
    await user.type(screen.getByLabelText(/^Meddelande/), 'Vi har fyrtio mässor om året.');
    await user.click(screen.getByRole('button', { name: 'Skicka meddelande' }));
    expect(await screen.findByRole('heading', { name: 'Tack, Anna Lind!' })).toBeTruthy();
    expect(screen.getByText('AB12CD34')).toBeTruthy();
    expect(server.bodies('POST /contact/')).toEqual([
      {
        name: 'Anna Lind',
        email: 'anna@example.com',
        company: '',
        subject: 'Priser',
        message: 'Vi har fyrtio mässor om året.',
        website_url: '',
        language: 'sv',
      },
    ]);
  });

  it('says "There was an error sending your message." when the server fails', async () => {
    fakeServer({ 'POST /contact/': () => fail(500, 'INTERNAL_ERROR') });
    await renderWithApp(<ContactPage />, { path: '/contact' });
    await fillIn();
    expect((await screen.findByRole('alert')).textContent).toBe('There was an error sending your message.');
  });

  it('puts server field messages next to their fields', async () => {
    fakeServer({
      'POST /contact/': () => fail(422, 'VALIDATION_ERROR', { email: ['Enter a valid email address'] }),
    });
    await renderWithApp(<ContactPage />, { path: '/contact' });
    await fillIn();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells how long to wait after too many messages', async () => {
    fakeServer({ 'POST /contact/': () => fail(429, 'RATE_LIMITED', { retry_after: 1500 }) });
    await renderWithApp(<ContactPage />, { path: '/contact' });
    await fillIn();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have sent several messages in a short time. Please try again in 25 minutes.',
    );
  });
});
