import type { ReactNode } from 'react';
import type { Language } from '../i18n/language.ts';
import { PricingSection } from './pricing-section.tsx';
import type { Translate } from './strings.ts';
import { ThemeButton } from './theme-button.tsx';
import { Walkthrough } from './walkthrough.tsx';

/**
 * The parts of the landing page that run in the browser: the theme switch, the walkthrough and
 * the pricing's monthly/yearly switch. The rest is HTML the build rendered (prerender.tsx), with
 * nothing to do in the browser (links, and the FAQ's native <details>). main.tsx hydrates each
 * island on its own, a short task each: hydrating the whole page was one long task after the
 * first paint, which Lighthouse counts as blocking time.
 */
export interface IslandProps {
  language: Language;
  t: Translate;
}

export const ISLANDS = {
  theme: ({ t }: IslandProps) => <ThemeButton t={t} />,
  walkthrough: ({ language, t }: IslandProps) => <Walkthrough language={language} t={t} />,
  pricing: ({ language, t }: IslandProps) => <PricingSection language={language} t={t} />,
} as const satisfies Record<string, (props: IslandProps) => ReactNode>;

export type IslandName = keyof typeof ISLANDS;

/** An island's place in the page: an element of its own (no box: `display: contents`) that main.tsx finds. */
export function Island({ name, ...props }: IslandProps & { name: IslandName }) {
  return (
    <div data-island={name} className="contents">
      {ISLANDS[name](props)}
    </div>
  );
}
