import './landing.css';
import { createRoot } from 'react-dom/client';
import { languageFromPath, localizePath } from '../i18n/language.ts';
import { readLocaleCookie, writeLocaleCookie } from '../i18n/locale-cookie.ts';
import { hasSession } from '../lib/session.ts';
import { startTheme } from '../lib/theme.ts';
import { LandingPage } from './landing-page.tsx';
import { rememberedLanguagePath } from './returning-visitor.ts';
import { createTranslator } from './strings.ts';

/*
 * The entry of the landing page (/ and /sv), a light build beside the sign-in and capture pages
 * (vite.capture.config.ts, preact/compat): docs/decisions/036-landing-and-help-centre.md. The
 * title, description, Open Graph and hreflang are in landing.html / landing-sv.html already.
 */
const language = languageFromPath(window.location.pathname);
const remembered = rememberedLanguagePath(language, readLocaleCookie(), document.referrer, window.location.origin);

if (remembered !== null) {
  window.location.replace(remembered);
} else if (hasSession()) {
  // Spec 01 §2: home is an open page a signed-in user skips (the app checks the session).
  window.location.replace(localizePath('/dashboard', language));
} else {
  document.documentElement.lang = language;
  writeLocaleCookie(language);
  startTheme();
  const container = document.getElementById('root');
  if (container === null) throw new Error('the landing page has no #root element');
  createRoot(container).render(<LandingPage language={language} t={createTranslator(language)} />);
}
