import { render as renderPlain, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../i18n/i18n.ts';
import en from '../../../locales/en/leads.json';
import { dialable, LeadContactActions, whatsappNumber } from './lead-contact-actions.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces('en', ['leads']);
});

const render = (ui: ReactNode) => renderPlain(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

describe('the lead page contact actions', () => {
  it('calls the number as typed, dials its digits', () => {
    render(<LeadContactActions lead={{ phone: '+46 (0)70-123 45 67', email: '' }} />);
    const call = screen.getByRole('link', { name: en.detail.contact.call.replace('{{phone}}', '+46 (0)70-123 45 67') });
    expect(call.getAttribute('href')).toBe('tel:+460701234567');
    expect(screen.queryByRole('link', { name: new RegExp(en.detail.contact.email) })).toBeNull();
  });

  it('offers WhatsApp only for an international number', () => {
    expect(whatsappNumber('+46 70 123 45 67')).toBe('46701234567');
    expect(whatsappNumber('0046 70 123 45 67')).toBe('46701234567');
    expect(whatsappNumber('070 123 45 67')).toBeNull();
    expect(whatsappNumber('+46')).toBeNull();
    expect(dialable(' 070-123 45 67 ')).toBe('0701234567');
  });

  it('shows nothing without a phone or an address', () => {
    const { container } = render(<LeadContactActions lead={{ phone: '', email: '' }} />);
    expect(container.textContent).toBe('');
  });

  it('mails the address', () => {
    render(<LeadContactActions lead={{ phone: '', email: 'tove@example.com' }} />);
    const mail = screen.getByRole('link', {
      name: en.detail.contact.emailLabel.replace('{{email}}', 'tove@example.com'),
    });
    expect(mail.getAttribute('href')).toBe('mailto:tove@example.com');
  });
});
