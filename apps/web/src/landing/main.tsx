import './landing.css';
import { hydrateRoot } from 'react-dom/client';
import { isLanguage, languageFromPath, localizePath } from '../i18n/language.ts';
import { readLocaleCookie, writeLocaleCookie } from '../i18n/locale-cookie.ts';
import { hasSession } from '../lib/session.ts';
import { startTheme } from '../lib/theme.ts';
import { ISLANDS, type IslandName } from './islands.tsx';
import { rememberedLanguagePath } from './returning-visitor.ts';
import { createTranslator, type Translate } from './strings.ts';

/*
 * The entry of the landing page (/ and /sv), a light build beside the sign-in and capture pages
 * (vite.capture.config.ts, preact/compat): docs/decisions/036-landing-and-help-centre.md. The
 * title, description, Open Graph and hreflang are in landing.html / landing-sv.html already, and
 * the page itself is rendered into them at build time: this script hydrates its islands.
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
  // The language switch is a plain link: the choice it makes is remembered as it is followed,
  // so the bare address does not send someone who picked English back to /sv (the server and
  // the check above read this cookie; the app sends no referrer to tell a switch from a visit).
  document.addEventListener(
    'click',
    (event) => {
      const choice =
        event.target instanceof Element ? event.target.closest('a[hreflang]')?.getAttribute('hreflang') : null;
      if (isLanguage(choice)) writeLocaleCookie(choice);
    },
    true,
  );
  startTheme();
  hydrateIslands(createTranslator(language));
}

/**
 * The build rendered the page into the HTML (scripts/prerender-landing.mjs); each island takes
 * over its part in a task of its own: the header's theme switch at once, the walkthrough and the
 * pricing when they come near the screen (the walkthrough starts playing when it can be seen) or
 * are touched first. Hydrating the whole page at start was a long task after the first paint,
 * blocking time on a phone.
 */
function hydrateIslands(t: Translate): void {
  for (const name of Object.keys(ISLANDS) as IslandName[]) {
    const island = document.querySelector(`[data-island="${name}"]`);
    if (island === null) throw new Error(`the landing page has no ${name} island: is it the built page?`);
    const hydrate = () => hydrateRoot(island, ISLANDS[name]({ language, t }));
    if (name === 'theme') hydrate();
    else whenWanted(island, hydrate);
  }
}

/**
 * Runs `hydrate` once: when the island comes within a screen's height of the viewport, or when
 * a pointer or the focus reaches it first (a jump to #pricing and a quick tap). Hydration is
 * synchronous, so the tap's click finds its handler.
 */
function whenWanted(island: Element, hydrate: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    island.removeEventListener('pointerdown', once, true);
    island.removeEventListener('focusin', once, true);
    hydrate();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) once();
    },
    { rootMargin: '100% 0px' },
  );
  // The island's element has no box of its own (`display: contents`): its first child has.
  observer.observe(island.firstElementChild ?? island);
  island.addEventListener('pointerdown', once, true);
  island.addEventListener('focusin', once, true);
}
