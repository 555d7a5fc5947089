import './signin.css';
import { createRoot } from 'react-dom/client';
import { languageFromPath, localizePath } from '../i18n/language.ts';
import { writeLocaleCookie } from '../i18n/locale-cookie.ts';
import { hasSession } from '../lib/session.ts';
import { startTheme } from '../lib/theme.ts';
import { SignInPage } from './sign-in-page.tsx';
import { createTranslator } from './strings.ts';

/*
 * The entry of the sign-in page (/auth/login, /sv/auth/login), a light build beside the capture
 * page's (vite.capture.config.ts, preact/compat): docs/decisions/022-sign-in-page.md.
 */
const { pathname, search } = window.location;
const language = languageFromPath(pathname);

if (hasSession()) {
  // Spec 01 §2: a signed-in user at /auth/* goes to the dashboard (the app checks the session).
  window.location.replace(localizePath('/dashboard', language));
} else {
  // As the app does on every page of a language: <html lang>, the title, the remembered language.
  document.documentElement.lang = language;
  const t = createTranslator(language);
  document.title = `${t('metaTitle')} - ${t('brand')}`;
  writeLocaleCookie(language);
  startTheme();

  const container = document.getElementById('root');
  if (container === null) throw new Error('signin.html has no #root element');
  createRoot(container).render(
    <SignInPage language={language} pathname={pathname} search={search} go={(url) => window.location.replace(url)} />,
  );
}
