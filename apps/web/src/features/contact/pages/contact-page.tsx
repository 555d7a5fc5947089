import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_HONEYPOT, contactMessageSchema } from '@leadcapture/contracts/contact';
import { CircleCheck, Clock, LifeBuoy, Mail } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PublicPage } from '../../../components/public-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { retryAfterSeconds } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';

import { useSendContactMessage } from '../api/send-contact-message.ts';

/** The message without its language, which the page takes from the route. */
const contactFormSchema = contactMessageSchema.omit({ language: true });

const FIELDS = ['name', 'email', 'company', 'subject', 'message'] as const;

/**
 * /contact (spec 01 §2, no layout): a message to the support team, with the 24-hour reply
 * promise. Works signed in or not; a hidden honeypot field catches form-filling bots.
 */
export function ContactPage() {
  const { t } = useTranslation('support');
  const { lp, language } = useLocalizedPath();
  const send = useSendContactMessage();
  const [sent, setSent] = useState<{ name: string; reference: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The landing page's "Book a demo" arrives with ?topic=demo: the subject says so already.
  const [search] = useSearchParams();
  const subject = search.get('topic') === 'demo' ? t('contact.demoSubject') : '';
  const form = useForm<z.input<typeof contactFormSchema>, unknown, z.output<typeof contactFormSchema>>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: '', email: '', company: '', subject, message: '', [CONTACT_HONEYPOT]: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    return send.mutateAsync({ ...values, language }).then(
      (receipt) => setSent({ name: values.name, reference: receipt.reference }),
      (error: unknown) => {
        const wait = retryAfterSeconds(error);
        if (wait !== null) return setFailure(t('contact.rateLimited', { minutes: Math.ceil(wait / 60) }));
        const unmatched = applyServerErrors(error, form.setError, FIELDS);
        if (unmatched === null || unmatched.length > 0) setFailure(t('contact.failed'));
      },
    );
  });

  return (
    <PublicPage>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pt-10 pb-16 sm:px-6 sm:pt-14 lg:grid-cols-[minmax(0,1fr)_minmax(0,36rem)] lg:gap-16 lg:px-8 lg:pb-24">
        <div>
          <p className="text-sm font-semibold text-primary-soft-foreground">{t('contact.eyebrow')}</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-foreground sm:text-4xl">
            {t('contact.title')}
          </h1>
          <p className="mt-4 max-w-xl text-lg/8 text-pretty text-muted-foreground">{t('contact.intro')}</p>
          <ul className="mt-8 grid gap-4">
            <ContactPromise icon={<Clock aria-hidden="true" className="size-5" />} title={t('contact.replyTitle')}>
              {t('contact.replyBody')}
            </ContactPromise>
            <ContactPromise icon={<LifeBuoy aria-hidden="true" className="size-5" />} title={t('contact.eventTitle')}>
              {t('contact.eventBody')}
            </ContactPromise>
            <ContactPromise icon={<Mail aria-hidden="true" className="size-5" />} title={t('contact.privacyTitle')}>
              {t('contact.privacyBody')}{' '}
              <Link
                to={lp('/privacy')}
                className="font-medium text-primary-soft-foreground underline-offset-4 hover:underline"
              >
                {t('contact.privacyLink')}
              </Link>
            </ContactPromise>
          </ul>
        </div>

        <Card>
          <CardContent className="p-6 sm:p-8">
            {sent ? (
              <div role="status" className="grid justify-items-start gap-4">
                <CircleCheck aria-hidden="true" className="size-10 text-success-soft-foreground" />
                <h2 className="text-xl font-semibold text-foreground">{t('contact.sentTitle', { name: sent.name })}</h2>
                <p className="text-muted-foreground">{t('contact.sentBody')}</p>
                <p className="text-sm text-muted-foreground">
                  {t('contact.reference')}:{' '}
                  <span className="font-mono font-medium text-foreground">{sent.reference}</span>
                </p>
                <Button
                  variant="outline"
                  onClick={() => {
                    form.reset();
                    setSent(null);
                  }}
                >
                  {t('contact.another')}
                </Button>
              </div>
            ) : (
              <form
                noValidate
                onSubmit={(event) => void onSubmit(event)}
                className="grid gap-5"
                aria-label={t('contact.formLabel')}
              >
                <h2 className="text-lg font-semibold text-foreground">{t('contact.formTitle')}</h2>
                {failure ? <FormAlert>{failure}</FormAlert> : null}
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField
                    control={form.control}
                    name="name"
                    label={t('contact.fields.name')}
                    required
                    render={(field) => <Input autoComplete="name" maxLength={120} {...field} />}
                  />
                  <FormField
                    control={form.control}
                    name="email"
                    label={t('contact.fields.email')}
                    required
                    render={(field) => <Input type="email" autoComplete="email" maxLength={254} {...field} />}
                  />
                </div>
                <FormField
                  control={form.control}
                  name="company"
                  label={t('contact.fields.company')}
                  render={(field) => <Input autoComplete="organization" maxLength={160} {...field} />}
                />
                <FormField
                  control={form.control}
                  name="subject"
                  label={t('contact.fields.subject')}
                  required
                  render={(field) => <Input maxLength={160} {...field} />}
                />
                <FormField
                  control={form.control}
                  name="message"
                  label={t('contact.fields.message')}
                  required
                  render={(field) => <Textarea rows={6} maxLength={5000} {...field} />}
                />
                {/* Honeypot: off-screen and out of the tab order; people never fill it in. */}
                <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
                  <label>
                    Website
                    <input type="text" tabIndex={-1} autoComplete="off" {...form.register(CONTACT_HONEYPOT)} />
                  </label>
                </div>
                <Button
                  type="submit"
                  size="lg"
                  loading={send.isPending}
                  className="w-full sm:w-auto sm:justify-self-start"
                >
                  {t('contact.submit')}
                </Button>
              </form>
            )}
          </CardContent>
        </Card>
      </div>
    </PublicPage>
  );
}

function ContactPromise({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
        {icon}
      </span>
      <div>
        <p className="font-medium text-foreground">{title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}
