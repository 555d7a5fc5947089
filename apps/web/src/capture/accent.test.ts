import { describe, expect, it } from 'vitest';
import { contrast, parseHex } from '@leadcapture/contracts/brand-color';
import { accentTheme, DEFAULT_ACCENT } from './accent.ts';

const rgb = (hex: string) => {
  const value = parseHex(hex);
  if (value === null) throw new Error(hex);
  return value;
};
const WHITE = rgb('#ffffff');
const DARK_CARD = rgb('#0f172b');

describe('accentTheme', () => {
  it.each(['#0e7490', '#fde047', '#ffffff', '#000000', '#22c55e', '#1e1b4b', '#ff00ff', '#4f46e5'])(
    'keeps %s readable: text on it at 4.5:1, rings at 3:1 on both cards',
    (color) => {
      const theme = accentTheme(color);
      expect(contrast(rgb(theme.accent), rgb(theme.foreground))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(rgb(theme.ringLight), WHITE)).toBeGreaterThanOrEqual(3);
      expect(contrast(rgb(theme.ringDark), DARK_CARD)).toBeGreaterThanOrEqual(3);
    },
  );

  it('puts dark text on a light brand colour and white on a dark one', () => {
    expect(accentTheme('#fde047').foreground).not.toBe('#ffffff');
    expect(accentTheme('#1e3a8a').foreground).toBe('#ffffff');
  });

  it('keeps a colour that already contrasts as it is', () => {
    expect(accentTheme('#1e3a8a').ringLight).toBe('#1e3a8a');
  });

  it('falls back to the app colour for a missing or malformed one', () => {
    expect(accentTheme('').accent).toBe(DEFAULT_ACCENT);
    expect(accentTheme('red').accent).toBe(DEFAULT_ACCENT);
  });
});
