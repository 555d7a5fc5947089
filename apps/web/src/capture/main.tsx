import './capture.css';
import { createRoot } from 'react-dom/client';
import { languageFromPath } from '../i18n/language.ts';
import { startTheme } from '../lib/theme.ts';
import { CaptureApp } from './capture-app.tsx';
import { eventPath, offerPath } from './api.ts';
import { prepareOffline } from './offline.ts';
import { captureRoute } from './route.ts';

/*
 * The entry of the public capture page, a build of its own (vite.capture.config.ts) on
 * preact/compat: nothing of the dashboard is in it (docs/decisions/011-capture-page-preact.md).
 */
const { pathname, search } = window.location;
const language = languageFromPath(pathname);
// Screen readers pick their voice and browsers their hyphenation from <html lang>.
document.documentElement.lang = language;
// The inline theme script has set the class before the first paint; this keeps it following the
// system (and a choice made in the app, in another tab) while nothing is stored.
startTheme();

const route = captureRoute(pathname, search);
// The visitors' pages work with no network after one online visit (docs/offline.md).
if (route.kind === 'event') prepareOffline(eventPath(route.slug));
else if (route.kind === 'offer') prepareOffline(offerPath(route.slug));

const container = document.getElementById('root');
if (container === null) throw new Error('capture.html has no #root element');
createRoot(container).render(
  <CaptureApp route={route} language={language} pathname={pathname} search={search} referrer={document.referrer} />,
);
