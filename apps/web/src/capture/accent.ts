/**
 * The event's primary colour as the page's accent, readable whatever colour the organiser picked:
 * - text on the accent (buttons, the header band) is white or near-black, whichever contrasts
 *   more (at least 4.5:1 for any colour);
 * - focus rings and selected states use a shade of the accent darkened (light theme) or
 *   lightened (dark theme) until it reaches 3:1 against the card, the WCAG minimum for
 *   non-text contrast, so a pale yellow brand still shows where focus is.
 */

import { contrast, INK, parseHex, textOnColor, toHex, WHITE, type Rgb } from '@leadcapture/contracts/brand-color';

/** The app's own primary (indigo-600), for an event without a usable colour. */
export const DEFAULT_ACCENT = '#4f46e5';
/** The card in each theme (white; slate-900). */
const CARD_LIGHT: Rgb = WHITE;
const CARD_DARK: Rgb = [15, 23, 43];
const NON_TEXT_CONTRAST = 3;

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => (from[i] ?? 0) + ((to[i] ?? 0) - (from[i] ?? 0)) * amount) as unknown as Rgb;
}

/** The colour moved towards `to` in 5 % steps until it has `ratio` against `against`. */
function shadeFor(color: Rgb, against: Rgb, to: Rgb, ratio: number): Rgb {
  for (let step = 0; step <= 20; step++) {
    const shade = mix(color, to, step / 20);
    if (contrast(shade, against) >= ratio) return shade;
  }
  return to;
}

export interface AccentTheme {
  accent: string;
  /** Text on the accent. */
  foreground: string;
  /** Rings and selected borders on the light card, and on the dark one. */
  ringLight: string;
  ringDark: string;
}

export function accentTheme(primaryColor: string): AccentTheme {
  const rgb = parseHex(primaryColor) ?? parseHex(DEFAULT_ACCENT) ?? INK;
  return {
    accent: toHex(rgb),
    foreground: textOnColor(toHex(rgb))?.color ?? '#ffffff',
    ringLight: toHex(shadeFor(rgb, CARD_LIGHT, INK, NON_TEXT_CONTRAST)),
    ringDark: toHex(shadeFor(rgb, CARD_DARK, WHITE, NON_TEXT_CONTRAST)),
  };
}

/**
 * The CSS variables the form renderer and the page read. `--form-ring` itself is picked per
 * theme in capture.css from the two shades, so a theme change needs no JavaScript.
 */
export function accentVariables(primaryColor: string): Record<string, string> {
  const theme = accentTheme(primaryColor);
  return {
    '--form-accent': theme.accent,
    '--form-accent-foreground': theme.foreground,
    '--accent-ring-light': theme.ringLight,
    '--accent-ring-dark': theme.ringDark,
  };
}
