import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, textOnColor } from './brand-color.ts';

describe('textOnColor', () => {
  it('puts white on dark brands and ink on light ones', () => {
    expect(textOnColor('#1e3a8a')?.color).toBe('#ffffff');
    expect(textOnColor('#facc15')?.color).toBe('#020617');
  });

  it('reaches AA for every grey, the hardest case in the middle', () => {
    for (let v = 0; v <= 255; v += 5) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      expect(textOnColor(hex)?.ratio, hex).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('refuses what is not #rrggbb', () => {
    expect(textOnColor('red')).toBeNull();
    expect(textOnColor('#fff')).toBeNull();
  });
});
