import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffLoginResult } from '@leadcapture/contracts/staff';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { saveStaffToken, staffApi } from '../api/staff-api.ts';
import { staffErrorText } from '../api/staff-errors.ts';

type Enrolment = Extract<StaffLoginResult, { step: 'enrol' }>;

/** /staff/login: password, then the TOTP code; on the first sign-in the enrolment (QR, recovery codes). */
export function StaffLoginPage() {
  const { t } = useTranslation('staff');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await staffApi.login({ email, password, ...(step === 'totp' ? { code } : {}) });
      if (result.step === 'done') {
        saveStaffToken(result);
        await navigate(lp('/staff/users'));
        return;
      }
      if (result.step === 'enrol') setEnrolment(result);
      setStep('totp');
    } catch (err) {
      setError(staffErrorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-semibold">{t('login.title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('login.intro')}</p>
      </div>
      {enrolment && (
        <section aria-labelledby="enrol-title" className="space-y-3 rounded-lg border border-border bg-card p-4">
          <h2 id="enrol-title" className="font-semibold">
            {t('login.enrolTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('login.enrolIntro')}</p>
          <img
            alt={t('login.enrolTitle')}
            className="mx-auto size-48 bg-white p-2"
            src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
          />
          <p className="text-sm">
            {t('login.secret')}:{' '}
            <code className="break-all" data-testid="totp-secret">
              {enrolment.secret}
            </code>
          </p>
          <h3 className="font-semibold">{t('login.recoveryTitle')}</h3>
          <p className="text-sm text-muted-foreground">{t('login.recoveryIntro')}</p>
          <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
            {enrolment.recovery_codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
      )}
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        {error && <FormAlert>{error}</FormAlert>}
        <Field label={t('login.email')} required>
          <Input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label={t('login.password')} required>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {step === 'totp' && (
          <Field label={t('login.code')} help={t('login.codeHint')} required>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
        )}
        <Button type="submit" loading={busy} className="w-full">
          {step === 'totp' ? t('login.verify') : t('login.submit')}
        </Button>
      </form>
    </main>
  );
}
