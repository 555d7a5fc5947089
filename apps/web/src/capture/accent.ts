/**
 * The event's primary colour as the page's accent, readable whatever colour the organiser picked:
 * - text on the accent (buttons, the header band) is white or near-black, whichever contrasts
 *   more (at least 4.5:1 for any colour);
 * - focus rings and selected states use a shade of the accent darkened (light theme) or
 *   lightened (dark theme) until it reaches 3:1 against the card, the WCAG minimum for
 *   non-text contrast, so a pale yellow brand still shows where focus is.
 */

type Rgb = readonly [number, number, number];

/** The app's own primary (indigo-600), for an event without a usable colour. */
export const DEFAULT_ACCENT = '#4f46e5';
const WHITE: Rgb = [255, 255, 255];
/** slate-950, the darkest ink of the design system. */
const INK: Rgb = [2, 6, 23];
/** The card in each theme (white; slate-900). */
const CARD_LIGHT: Rgb = WHITE;
const CARD_DARK: Rgb = [15, 23, 43];
const NON_TEXT_CONTRAST = 3;

export function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (match === null) return null;
  const n = Number.parseInt(match[1] ?? '', 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

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
    foreground: contrast(rgb, WHITE) >= contrast(rgb, INK) ? '#ffffff' : toHex(INK),
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
