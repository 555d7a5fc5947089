import { act } from 'preact/test-utils';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import landingEn from '../../landing.html?raw';
import landingSv from '../../landing-sv.html?raw';
import en from '../locales/en/landing.json';
import sv from '../locales/sv/landing.json';
import { ISLANDS, type IslandName } from './islands.tsx';
import { prerenderedHtml, renderLandingPage } from './prerender.tsx';
import { createTranslator } from './strings.ts';

/*
 * The landing page as the build renders it and the browser hydrates it, both on Preact (this
 * project resolves React to preact/compat, as the light build does: vitest.config.ts).
 */

const catalogues = { en, sv } as const;
const languages = ['en', 'sv'] as const;

afterEach(() => {
  for (const root of mounted.splice(0)) root.unmount();
  document.body.innerHTML = '';
  document.documentElement.className = '';
  window.localStorage.clear();
  vi.restoreAllMocks();
});

/** The built page's #root, in the document. */
function builtPage(language: 'en' | 'sv'): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderLandingPage(language);
  document.body.append(root);
  return root;
}

function island(root: HTMLElement, name: IslandName): HTMLElement {
  const element = root.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (element === null) throw new Error(`no ${name} island`);
  return element;
}

/** Serialised alike: the build writes `style="a:b"`, the DOM `style="a: b"`. */
const normalised = (html: string) => html.replace(/style="[^"]*"/g, (style) => style.replace(/:\s+/g, ':'));

const mounted: { unmount: () => void }[] = [];

/** Hydrates an island of the built page, its effects and their re-renders run (act). */
async function hydrate(element: HTMLElement, name: IslandName): Promise<void> {
  await act(() => {
    mounted.push(hydrateRoot(element, ISLANDS[name]({ language: 'en', t: createTranslator('en') })));
  });
}

describe.each(languages)('the landing page in %s', (language) => {
  const strings = catalogues[language];
  const t = createTranslator(language);

  it('is rendered whole by the build: hero, sections, FAQ and footer', () => {
    const root = builtPage(language);
    expect(root.querySelector('h1')?.textContent).toBe(`${strings.hero.title} ${strings.hero.titleAccent}`);
    const headings = [...root.querySelectorAll('h2')].map((heading) => heading.textContent);
    for (const title of [strings.problems.title, strings.demo.title, strings.pricing.title, strings.faq.title]) {
      expect(headings).toContain(title);
    }
    expect(root.querySelector('#faq summary')?.textContent).toContain(strings.faq.items.app.q);
    expect(root.querySelector('footer')?.textContent).toContain(strings.footer.tagline);
    expect(root.querySelector('[data-testid="price-starter"]')?.textContent.replace(/\s/g, ' ')).toBe(
      language === 'en' ? '$29' : '29 US$',
    );
    expect(root.textContent).not.toMatch(/\b(hero|pricing|demo|faq)\.[a-z]/);
  });

  it.each(Object.keys(ISLANDS) as IslandName[])(
    'has the %s island as its first render in the browser draws it, so hydration finds what it expects',
    (name) => {
      const built = island(builtPage(language), name);
      const browser = document.createElement('div');
      document.body.append(browser);
      // Preact's first render is synchronous; effects (the visitor's theme, reduced motion) come after.
      const root = createRoot(browser);
      mounted.push(root);
      root.render(ISLANDS[name]({ language, t }));
      expect(normalised(browser.innerHTML)).toBe(normalised(built.innerHTML));
    },
  );
});

describe('hydrating the islands', () => {
  it('takes over the built elements in place, and their controls work', async () => {
    const pricing = island(builtPage('en'), 'pricing');
    const yearly = pricing.querySelectorAll<HTMLButtonElement>('[role="radio"]')[1];
    await hydrate(pricing, 'pricing');
    expect(pricing.querySelectorAll('[role="radio"]')[1]).toBe(yearly);
    await act(() => yearly?.click());
    expect(yearly?.getAttribute('aria-checked')).toBe('true');
    expect(pricing.querySelector('[data-testid="price-starter"]')?.textContent).toBe('$23.20');
  });

  it("names the visitor's theme once it runs: a dark page's switch offers the light theme", async () => {
    window.localStorage.setItem('theme-preference', 'dark');
    document.documentElement.classList.add('dark');
    const theme = island(builtPage('en'), 'theme');
    expect(theme.querySelector('button')?.getAttribute('aria-label')).toBe(en.theme.toDark);
    await hydrate(theme, 'theme');
    expect(theme.querySelector('button')?.getAttribute('aria-label')).toBe(en.theme.toLight);
    await act(() => theme.querySelector('button')?.click());
    expect(window.localStorage.getItem('theme-preference')).toBe('light');
    expect(theme.querySelector('button')?.getAttribute('aria-label')).toBe(en.theme.toDark);
  });

  it('stops the walkthrough for a visitor who asked for less motion', async () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = matchMedia(query);
      if (query !== '(prefers-reduced-motion: reduce)') return list;
      return Object.defineProperty(list, 'matches', { value: true });
    });
    const walkthrough = island(builtPage('en'), 'walkthrough');
    expect(walkthrough.querySelector(`[aria-label="${en.demo.pause}"]`)).not.toBeNull();
    await hydrate(walkthrough, 'walkthrough');
    expect(walkthrough.querySelector(`[aria-label="${en.demo.play}"]`)).not.toBeNull();
  });
});

describe('prerenderedHtml', () => {
  const STYLESHEET = '<link rel="stylesheet" crossorigin href="/capture/assets/main-abc123.css">';
  const built = (html: string) => html.replace('</head>', `${STYLESHEET}\n</head>`);

  it.each([
    ['en', landingEn, '%PUBLIC_URL%/'],
    ['sv', landingSv, '%PUBLIC_URL%/sv'],
  ] as const)('puts the %s page in #root and its stylesheet inline, keeping the head', (language, html, canonical) => {
    const read = vi.fn(() => '.block{display:block}');
    const page = prerenderedHtml(built(html), language, read);
    expect(read).toHaveBeenCalledWith('/capture/assets/main-abc123.css');
    expect(page).toContain('<style>.block{display:block}</style>');
    expect(page).not.toContain(STYLESHEET);
    expect(page).toContain(catalogues[language].hero.title);
    expect(page).toMatch(/<div id="root"><div class="flex min-h-dvh/);
    expect(page).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(page).toContain('<link rel="alternate" hreflang="sv" href="%PUBLIC_URL%/sv" />');
    expect(page).toContain('<link rel="alternate" hreflang="x-default" href="%PUBLIC_URL%/" />');
  });

  it('refuses a page without its empty #root', () => {
    expect(() => prerenderedHtml('<html><body></body></html>', 'en', () => '')).toThrow(/#root|root/);
  });
});
