import type { Lead } from '@leadcapture/contracts/leads';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** The number for a wa.me link: only an international one (+46…, 0046…), digits only; else null. */
export function whatsappNumber(phone: string): string | null {
  const trimmed = phone.trim();
  if (!/^(?:\+|00)/.test(trimmed)) return null;
  const digits = trimmed.replace(/^00/, '').replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

/** What a tel: link dials: the digits and a leading +. */
export function dialable(phone: string): string {
  return phone.trim().replace(/(?!^\+)[^\d]/g, '');
}

/**
 * The lead's contact as thumb-sized actions, first on the lead's page (issue 27, phone-first):
 * call (the number itself is the tel: link), e-mail, and WhatsApp for an international number.
 */
export function LeadContactActions({ lead }: { lead: Pick<Lead, 'email' | 'phone'> }) {
  const { t } = useTranslation('leads');
  const whatsapp = whatsappNumber(lead.phone);
  if (lead.phone.trim() === '' && lead.email.trim() === '') return null;
  return (
    <span className="flex flex-wrap gap-2" role="group" aria-label={t('detail.contact.label')}>
      {lead.phone.trim() !== '' && (
        <Button asChild variant="secondary">
          <a href={`tel:${dialable(lead.phone)}`} aria-label={t('detail.contact.call', { phone: lead.phone })}>
            <Phone aria-hidden="true" />
            {lead.phone}
          </a>
        </Button>
      )}
      {lead.email.trim() !== '' && (
        <Button asChild variant="secondary">
          <a href={`mailto:${lead.email}`} aria-label={t('detail.contact.emailLabel', { email: lead.email })}>
            <Mail aria-hidden="true" />
            {t('detail.contact.email')}
          </a>
        </Button>
      )}
      {whatsapp !== null && (
        <Button asChild variant="secondary">
          <a
            href={`https://wa.me/${whatsapp}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('detail.contact.whatsappLabel', { phone: lead.phone })}
          >
            <MessageCircle aria-hidden="true" />
            {t('detail.contact.whatsapp')}
          </a>
        </Button>
      )}
    </span>
  );
}
