import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/app.tsx';
import { createI18n } from './i18n/i18n.ts';
import { languageFromPath } from './i18n/language.ts';
import { followSystemColorScheme } from './lib/theme.ts';

async function start(): Promise<void> {
  const { pathname, search } = window.location;
  const language = languageFromPath(pathname);
  // Screen readers pick their voice and browsers their hyphenation from <html lang>.
  document.documentElement.lang = language;
  followSystemColorScheme();

  const i18n = await createI18n(language);
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App pathname={pathname} search={search} language={language} />
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
