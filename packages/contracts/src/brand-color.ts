/**
 * An organisation's or event's brand colour on the visitors' pages: which text is readable on
 * it. No zod here: the capture page (60 KB gzip budget, decision 011) and the settings page both
 * use it, so the settings preview shows exactly what a visitor's submit button will show.
 */

export type Rgb = readonly [number, number, number];

export const WHITE: Rgb = [255, 255, 255];
/** slate-950, the darkest ink of the design system. */
export const INK: Rgb = [2, 6, 23];
/** WCAG 2 AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

export function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (match === null) return null;
  const n = Number.parseInt(match[1] ?? '', 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex(rgb: Rgb): string {
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

export interface TextOnColor {
  /** White or near-black (pure black where near-black falls short), whichever contrasts more. */
  color: string;
  /** Its contrast ratio with the colour: at least 4.5:1 (AA) for any colour. */
  ratio: number;
}

/** The text colour for a button or band of `hex`; null for a value that is not `#rrggbb`. */
export function textOnColor(hex: string): TextOnColor | null {
  const rgb = parseHex(hex);
  if (rgb === null) return null;
  const onWhite = contrast(rgb, WHITE);
  const onInk = contrast(rgb, INK);
  if (onWhite >= onInk) return { color: '#ffffff', ratio: onWhite };
  if (onInk >= AA_TEXT_CONTRAST) return { color: toHex(INK), ratio: onInk };
  // Mid greys sit where white and slate-950 both stop just short of 4.5:1; black still clears it.
  return { color: '#000000', ratio: contrast(rgb, [0, 0, 0]) };
}
