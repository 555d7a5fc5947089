import { zodResolver } from '@hookform/resolvers/zod';
import type { AcceptInvitationNewAccountInput, Invitation } from '@leadcapture/contracts/team';
import { acceptInvitationNewAccountSchema } from '@leadcapture/contracts/team';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryError, QueryLoading } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { loginPath } from '../../../i18n/language.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { hasSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useAcceptInvitation, useInvitation, type AcceptInput } from '../api/invitations.ts';
import { meQueryKey, meQueryOptions } from '../api/me.ts';
import { clearSession, endServerSession } from '../api/session.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { PasswordStrengthMeter } from '../components/password-strength.tsx';

/** Why a link cannot be accepted; each has its own words and a way onward. */
type Dead = 'missing' | 'invalid' | 'expired' | 'used' | 'revoked';

const DEAD_BY_CODE: Record<string, Dead> = {
  INVITATION_INVALID: 'invalid',
  INVITATION_EXPIRED: 'expired',
  INVITATION_USED: 'used',
  INVITATION_REVOKED: 'revoked',
};

const linkClasses = 'font-semibold text-primary-soft-foreground hover:underline';

/**
 * /auth/accept-invite?token=… (issue 6, docs/decisions/018): the mailed invitation. It shows the
 * organisation, role and inviter, then one of: a form for a new person (name and password, with
 * reset password's strength meter), "Accept" for the invited account when it is signed in, a
 * sign-in link that comes back here when that account exists but nobody is signed in, or a
 * mismatch message when another account is signed in. Dead links (unknown, expired, used,
 * replaced) each say so with a way onward. Accepting signs in like login, in the invitation's
 * organisation, and lands on /dashboard.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation(['auth', 'common']);
  const { lp } = useLocalizedPath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const signedNow = hasSession(useSession());
  // Who opened the link decides the page; accepting as a new person signs in, and the page must
  // not turn into "signed in" (and unmount the form awaiting the answer) halfway through.
  const [signedIn] = useState(signedNow);
  const lookup = useInvitation(token);
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  const [deadAfterAccept, setDeadAfterAccept] = useState<Dead | null>(null);

  const dead: Dead | null =
    token === ''
      ? 'missing'
      : (deadAfterAccept ??
        deadOf(lookup.error) ??
        (lookup.data !== undefined && lookup.data.state !== 'pending' ? lookup.data.state : null));

  if (dead !== null) return <DeadLink dead={dead} signedIn={signedNow} />;

  if (lookup.isError) {
    return (
      <AuthShell title={t('acceptInvite.metaTitle')}>
        <QueryError message={t('acceptInvite.loadFailed')} onRetry={() => void lookup.refetch()} />
      </AuthShell>
    );
  }

  const invitation = lookup.data;
  if (invitation === undefined || (signedIn && me.data === undefined && !me.isError)) {
    return (
      <AuthShell title={t('acceptInvite.metaTitle')}>
        <QueryLoading>
          <p className="flex items-center gap-3 text-sm text-muted-foreground">
            <Spinner decorative />
            {t('acceptInvite.loading')}
          </p>
        </QueryLoading>
      </AuthShell>
    );
  }

  const currentEmail = signedIn ? me.data?.email : undefined;
  let body: ReactNode;
  if (currentEmail !== undefined && currentEmail.toLowerCase() !== invitation.email.toLowerCase()) {
    body = <Mismatch invited={invitation.email} current={currentEmail} />;
  } else if (currentEmail !== undefined) {
    body = <AcceptAsSignedIn token={token} invitation={invitation} onDead={setDeadAfterAccept} />;
  } else if (invitation.account_exists) {
    body = <SignInFirst email={invitation.email} />;
  } else {
    body = <NewAccountForm token={token} invitation={invitation} onDead={setDeadAfterAccept} />;
  }

  return (
    <AuthShell
      title={t('acceptInvite.title', { organization: invitation.organization.name })}
      description={t('acceptInvite.description', {
        inviter: invitation.invited_by,
        organization: invitation.organization.name,
      })}
      footer={
        <Link to={lp('/')} className={linkClasses}>
          {t('acceptInvite.goHome')}
        </Link>
      }
    >
      <div className="grid gap-6">
        <InvitationSummary invitation={invitation} />
        {body}
      </div>
    </AuthShell>
  );
}

function InvitationSummary({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation(['auth', 'common']);
  const rows: [string, string][] = [
    [t('acceptInvite.organization'), invitation.organization.name],
    [t('acceptInvite.role'), t(`common:roles.${invitation.role}`)],
    [t('acceptInvite.invitedBy'), invitation.invited_by],
    [t('acceptInvite.email'), invitation.email],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-muted px-4 py-3 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 font-medium break-words text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** After accepting: the session is stored (api/invitations.ts); a welcome and the dashboard. */
function useFinish() {
  const { t } = useTranslation('auth');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  return (organization: string) => {
    toast.success(t('acceptInvite.joined', { organization }));
    return navigate(lp('/dashboard'), { replace: true });
  };
}

/** A failed accept: a dead link replaces the page; otherwise the caller shows `failed`. */
function deadOf(error: unknown): Dead | null {
  if (!isApiError(error)) return null;
  return Object.hasOwn(DEAD_BY_CODE, error.code) ? (DEAD_BY_CODE[error.code] ?? null) : null;
}

function AcceptAsSignedIn({
  token,
  invitation,
  onDead,
}: {
  token: string;
  invitation: Invitation;
  onDead: (dead: Dead) => void;
}) {
  const { t } = useTranslation('auth');
  const accept = useAcceptInvitation();
  const finish = useFinish();
  const [failed, setFailed] = useState(false);
  const run = () => {
    setFailed(false);
    // mutateAsync, not mutate's callbacks: those are dropped if this part unmounts meanwhile.
    accept.mutateAsync({ token }).then(
      (result) => finish(result.organization?.name ?? invitation.organization.name),
      (error: unknown) => {
        const dead = deadOf(error);
        if (dead !== null) onDead(dead);
        else setFailed(true);
      },
    );
  };
  return (
    <div className="grid gap-4">
      {failed && <FormAlert>{t('acceptInvite.failed')}</FormAlert>}
      <p className="text-sm text-muted-foreground">{t('acceptInvite.signedInAs', { email: invitation.email })}</p>
      <Button size="lg" className="w-full" loading={accept.isPending} onClick={run}>
        {t('acceptInvite.accept')}
      </Button>
    </div>
  );
}

/** Back here after signing in: the login page follows `redirect` (a path of this site). */
function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

function SignInFirst({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const { language } = useLocalizedPath();
  const here = useHere();
  return (
    <div className="grid gap-4">
      <p className="text-sm text-foreground">{t('acceptInvite.signInPrompt', { email })}</p>
      <Button asChild size="lg" className="w-full">
        <Link to={loginPath(language, here)}>{t('acceptInvite.signIn')}</Link>
      </Button>
    </div>
  );
}

function Mismatch({ invited, current }: { invited: string; current: string }) {
  const { t } = useTranslation('auth');
  const { language } = useLocalizedPath();
  const here = useHere();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    await endServerSession().catch(() => undefined);
    clearSession();
    queryClient.removeQueries({ queryKey: meQueryKey });
    await navigate(loginPath(language, here), { replace: true });
  };
  return (
    <div className="grid gap-4">
      <div
        role="alert"
        className="grid gap-1 rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning-soft-foreground"
      >
        <p className="font-semibold">{t('acceptInvite.mismatchTitle')}</p>
        <p>{t('acceptInvite.mismatch', { invited, current })}</p>
      </div>
      <Button variant="outline" size="lg" className="w-full" loading={leaving} onClick={() => void signOut()}>
        {t('acceptInvite.signOut')}
      </Button>
    </div>
  );
}

/** The invitation's name ("Grace Hopper") split into the form's first and last name. */
function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

function NewAccountForm({
  token,
  invitation,
  onDead,
}: {
  token: string;
  invitation: Invitation;
  onDead: (dead: Dead) => void;
}) {
  const { t } = useTranslation('auth');
  const accept = useAcceptInvitation();
  const finish = useFinish();
  const [failed, setFailed] = useState(false);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const name = splitName(invitation.name);
  const form = useForm<AcceptInvitationNewAccountInput>({
    resolver: zodResolver(acceptInvitationNewAccountSchema),
    defaultValues: { token, first_name: name.first, last_name: name.last, password: '', password_confirm: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });

  if (needsSignIn) return <SignInFirst email={invitation.email} />;

  const onSubmit = form.handleSubmit((values) => {
    setFailed(false);
    const input: AcceptInput = values;
    return accept.mutateAsync(input).then(
      (result) => finish(result.organization?.name ?? invitation.organization.name),
      (error: unknown) => {
        const dead = deadOf(error);
        if (dead !== null) return onDead(dead);
        // Someone made an account with this address in the meantime: sign in instead.
        if (isApiError(error) && error.status === 401) return setNeedsSignIn(true);
        const unmatched = applyServerErrors(error, form.setError, [
          'first_name',
          'last_name',
          'password',
          'password_confirm',
        ]);
        if (unmatched === null || unmatched.length > 0) setFailed(true);
      },
    );
  });

  return (
    <form
      noValidate
      aria-label={t('acceptInvite.createAndJoin')}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-5"
    >
      <p className="text-sm text-muted-foreground">{t('acceptInvite.newAccount')}</p>
      {failed && <FormAlert>{t('acceptInvite.failed')}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="first_name"
          label={t('fields.firstName')}
          required
          render={(field) => <Input autoComplete="given-name" {...field} />}
        />
        <FormField
          control={form.control}
          name="last_name"
          label={t('fields.lastName')}
          required
          render={(field) => <Input autoComplete="family-name" {...field} />}
        />
      </div>
      <div className="grid gap-3">
        <FormField
          control={form.control}
          name="password"
          label={t('fields.password')}
          required
          render={(field) => (
            <Input type="password" autoComplete="new-password" aria-describedby="password-strength" {...field} />
          )}
        />
        <PasswordStrengthMeter id="password-strength" password={password} />
      </div>
      <FormField
        control={form.control}
        name="password_confirm"
        label={t('fields.passwordConfirm')}
        required
        render={(field) => <Input type="password" autoComplete="new-password" {...field} />}
      />
      <Button type="submit" size="lg" loading={accept.isPending} className="w-full">
        {t('acceptInvite.createAndJoin')}
      </Button>
    </form>
  );
}

function DeadLink({ dead, signedIn }: { dead: Dead; signedIn: boolean }) {
  const { t } = useTranslation('auth');
  const { lp } = useLocalizedPath();
  const onward = signedIn ? (
    <Link to={lp('/dashboard')}>{t('acceptInvite.goToDashboard')}</Link>
  ) : (
    <Link to={lp('/auth/login')}>{t('acceptInvite.goToLogin')}</Link>
  );
  return (
    <AuthShell
      title={t(`acceptInvite.${dead}Title`)}
      footer={
        <Link to={lp('/')} className={linkClasses}>
          {t('acceptInvite.goHome')}
        </Link>
      }
    >
      <div className="grid gap-6">
        <FormAlert>{t(`acceptInvite.${dead}`)}</FormAlert>
        <Button asChild size="lg" className="w-full">
          {onward}
        </Button>
      </div>
    </AuthShell>
  );
}
