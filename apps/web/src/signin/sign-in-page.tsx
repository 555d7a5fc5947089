import { Moon, Sun } from 'lucide-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
  type RefObject,
  type SubmitEvent,
} from 'react';
import type { ApiFailure } from '../capture/api.ts';
import { Spinner } from '../capture/spinner.tsx';
import { SocialChoice } from '../components/social-choice.tsx';
import { AuthFrame, authBrandClass, authBrandNameClass } from '../components/auth-frame.tsx';
import {
  buttonBaseClasses,
  buttonSizeClasses,
  buttonVariantClasses,
  controlClasses,
  fieldClasses,
  formAlertClasses,
  languageSwitchClasses,
} from '../components/ui/classes.ts';
import { LogoMark } from '../components/logo-mark.tsx';
import { isLanguage, languages, localizePath, safeRedirect, type Language } from '../i18n/language.ts';
import { writeLocaleCookie } from '../i18n/locale-cookie.ts';
import { startSession } from '../lib/session.ts';
import { takeSignInNotice } from '../lib/sign-in-notice.ts';
import { toggleTheme } from '../lib/theme.ts';
import { useTheme } from '../lib/use-theme.ts';
import { checkLogin, loginBody, PROBLEM_VALUES, type LoginProblems, type LoginValues } from './check-login.ts';
import { signIn } from './sign-in.ts';
import {
  linkSocialIdentity,
  loadSocialProviders,
  providerName,
  socialErrorMessage,
  type SocialProvider,
} from './social-providers.ts';
import { createTranslator, type MessageKey, type Translate } from './strings.ts';

const linkClass = 'font-semibold text-primary-soft-foreground hover:underline';
/** A neutral notice (a step to take, not an error): the alert's shape in the card's muted colours. */
const noticeClass = 'rounded-lg border border-border bg-muted px-3.5 py-3 text-sm font-medium text-foreground';
const primaryButton = `${buttonBaseClasses} ${buttonVariantClasses.primary} ${buttonSizeClasses.lg}`;

/** What the form says when the server did not sign the user in (the catalogue's wording). */
function failureMessage(failure: ApiFailure): MessageKey {
  if (failure.kind === 'server' && failure.status === 401) return 'invalidCredentials';
  if (failure.kind === 'rate_limited') return 'rateLimited';
  return 'failed';
}

export interface SignInPageProps {
  language: Language;
  pathname: string;
  search: string;
  /** Where the browser goes once signed in; `location.replace` in the page, a spy in tests. */
  go: (url: string) => void;
  /** The social sign-in providers; asked of the server (`GET /auth/social/`) when not given. */
  providers?: readonly SocialProvider[];
}

/**
 * Sign in (spec 01 §2, §5): the first page of most visits, so a light build of its own rather
 * than a page of the app (docs/decisions/022-sign-in-page.md). It looks and behaves as the app's
 * pages do: the same controls, the same messages, the contract's rules (check-login.ts). Signed
 * in, the browser goes to the `redirect` query when it is a path of this site, else to
 * /dashboard in the user's language, replacing this page in the history.
 */
export function SignInPage({ language, pathname, search, go, providers: given }: SignInPageProps) {
  const t = useMemo(() => createTranslator(language), [language]);
  const lp = (path: string) => localizePath(path, language);
  const query = useMemo(() => new URLSearchParams(search), [search]);
  // A social sign-in that came back here (decision 030): its error, and whether a link waits.
  const socialError = query.get('social_error');
  const socialProvider = providerName(query.get('provider'));
  const socialMessage = socialErrorMessage(socialError);
  const linkPending = socialError === 'SOCIAL_ACCOUNT_EXISTS';
  const [loaded, setLoaded] = useState<readonly SocialProvider[]>([]);
  const [linkFailedTo, setLinkFailedTo] = useState<string | null>(null);
  useEffect(() => {
    if (given !== undefined) return;
    let live = true;
    const target = safeRedirect(query.get('redirect'), localizePath('/dashboard', language));
    void loadSocialProviders(target).then((list) => {
      if (live) setLoaded(list);
    });
    return () => {
      live = false;
    };
  }, [given, query, language]);
  const providers = given ?? loaded;
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [problems, setProblems] = useState<LoginProblems>({});
  // Like the app's forms: checked on submit, then again on every change until it passes.
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [notice] = useState(() => takeSignInNotice());
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof LoginValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (submitted) setProblems(checkLogin(next));
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const found = checkLogin(values);
    setProblems(found);
    if (found.email !== undefined || found.password !== undefined) {
      (found.email !== undefined ? emailRef : passwordRef).current?.focus();
      return;
    }
    setFailure(null);
    setPending(true);
    const result = await signIn(loginBody(values));
    if (!result.ok) {
      setPending(false);
      setFailure(failureMessage(result.failure));
      return;
    }
    startSession(result.data);
    const home = localizePath(
      '/dashboard',
      isLanguage(result.data.user.language) ? result.data.user.language : language,
    );
    const next = safeRedirect(query.get('redirect'), home);
    if (linkPending) {
      // The owner has now signed in to the account: the provider identity they brought is linked.
      const linked = await linkSocialIdentity(result.data.access);
      if (!linked.ok) {
        setPending(false);
        setLinkFailedTo(next);
        return;
      }
    }
    // Stays busy: the next page is loading.
    go(next);
  };

  const problemText = (field: keyof LoginValues): string | undefined => {
    const problem = problems[field];
    return problem === undefined ? undefined : t(problem, PROBLEM_VALUES[problem]);
  };

  return (
    <AuthFrame
      brand={
        <a href={lp('/')} className={authBrandClass}>
          <LogoMark className="size-7" />
          <span className={authBrandNameClass}>{t('brand')}</span>
        </a>
      }
      controls={
        <>
          <ThemeButton t={t} />
          <LanguageLinks t={t} language={language} pathname={pathname} search={search} />
        </>
      }
      title={t('title')}
      description={t('description')}
      footer={
        <>
          {t('noAccount')}{' '}
          <a href={lp('/auth/register')} className={linkClass}>
            {t('registerLink')}
          </a>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
        {notice === 'password_reset' && failure === null && (
          <div role="status" className={formAlertClasses.success}>
            {t('passwordReset')}
          </div>
        )}
        {failure !== null && (
          <div role="alert" className={formAlertClasses.error}>
            {t(failure)}
          </div>
        )}
        {failure === null && linkFailedTo === null && socialMessage !== null && (
          <div role={linkPending ? 'status' : 'alert'} className={linkPending ? noticeClass : formAlertClasses.error}>
            {t(socialMessage, { provider: socialProvider })}
          </div>
        )}
        {linkFailedTo !== null && (
          <div role="alert" className={formAlertClasses.error}>
            {t('socialLinkFailed', { provider: socialProvider })}{' '}
            <a href={linkFailedTo} className={linkClass}>
              {t('continueLink')}
            </a>
          </div>
        )}
        <TextField
          label={t('email')}
          error={problemText('email')}
          input={{
            ref: emailRef,
            type: 'email',
            name: 'email',
            autoComplete: 'email',
            inputMode: 'email',
            value: values.email,
            onChange: change('email'),
          }}
        />
        <TextField
          label={t('password')}
          error={problemText('password')}
          aside={
            <a
              href={lp('/auth/forgot-password')}
              className="text-sm font-medium text-primary-soft-foreground hover:underline"
            >
              {t('forgotLink')}
            </a>
          }
          input={{
            ref: passwordRef,
            type: 'password',
            name: 'password',
            autoComplete: 'current-password',
            value: values.password,
            onChange: change('password'),
          }}
        />
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending ? true : undefined}
          className={`${primaryButton} mt-1 w-full`}
        >
          {pending && <Spinner />}
          {t('submit')}
        </button>
      </form>
      <SocialChoice
        divider={t('orContinueWith')}
        links={providers.map((provider) => ({
          id: provider.id,
          href: provider.href,
          label: t('continueWith', { provider: provider.name }),
        }))}
      />
    </AuthFrame>
  );
}

type InputProps = {
  ref: RefObject<HTMLInputElement | null>;
  type: string;
  name: string;
  autoComplete: string;
  inputMode?: 'email';
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** A labelled, required text field with its error, marked up as components/ui/field.tsx does. */
function TextField({
  label,
  error,
  aside,
  input,
}: {
  label: string;
  error: string | undefined;
  aside?: ReactNode;
  input: InputProps;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className={fieldClasses.label}>
          {label}
          {/* Visual only: the control itself carries `required`, which screen readers announce. */}
          <span className={fieldClasses.requiredMark} aria-hidden="true">
            *
          </span>
        </label>
        {aside}
      </div>
      <input
        id={id}
        required
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : errorId}
        className={`${controlClasses} h-10`}
        {...input}
      />
      {error !== undefined && (
        <p id={errorId} className={fieldClasses.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** components/theme-toggle.tsx, without the app's Button. */
function ThemeButton({ t }: { t: Translate }) {
  const theme = useTheme();
  const label = theme === 'dark' ? t('switchToLight') : t('switchToDark');
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={`${buttonBaseClasses} ${buttonVariantClasses.ghost} ${buttonSizeClasses.icon}`}
    >
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </button>
  );
}

/** components/language-switch.tsx as plain links: this page in the other language, query kept. */
function LanguageLinks({
  t,
  language,
  pathname,
  search,
}: {
  t: Translate;
  language: Language;
  pathname: string;
  search: string;
}) {
  return (
    <nav aria-label={t('languageSwitch')}>
      <ul className={languageSwitchClasses.list}>
        {languages.map((other) => {
          const active = other === language;
          return (
            <li key={other}>
              <a
                href={`${localizePath(pathname, other)}${search}`}
                hrefLang={other}
                lang={other}
                aria-current={active ? 'true' : undefined}
                onClick={() => writeLocaleCookie(other)}
                className={`${languageSwitchClasses.link} ${
                  active ? languageSwitchClasses.active : languageSwitchClasses.inactive
                }`}
              >
                {other === 'en' ? t('languageEn') : t('languageSv')}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
