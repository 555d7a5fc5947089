import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName, sanitizeFileName } from './file-name.ts';

describe('sanitizeFileName', () => {
  it.each([
    [undefined, ''],
    ['  logo  final .png ', 'logo final .png'],
    ['a"b.png', 'a_b.png'],
    ['tab\there.png', 'tabhere.png'],
    ['zero\u200bwidth.png', 'zerowidth.png'],
    ['/etc/', ''],
    ['Ångström.PNG', 'Ångström.PNG'],
  ])('%j -> %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('cuts long names by code points without splitting a surrogate pair', () => {
    const name = sanitizeFileName(`${'😀'.repeat(300)}.jpeg`);
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('😀.jpeg')).toBe(true);
    expect(() => encodeURIComponent(name)).not.toThrow(); // throws on a lone surrogate
  });
});

describe('downloadName and contentDisposition', () => {
  it('uses the detected extension', () => {
    expect(downloadName('photo.PNG', 'jpg')).toBe('photo.jpg');
    expect(downloadName('', 'gif')).toBe('file.gif');
    expect(downloadName('.hidden', 'png')).toBe('.hidden.png');
  });

  it('keeps quotes, backslashes and non-ASCII out of the quoted fallback', () => {
    expect(contentDisposition('inline', 'a"b\\c%d é.png')).toBe(
      `inline; filename="a_b_c_d _.png"; filename*=UTF-8''a%22b%5Cc%25d%20%C3%A9.png`,
    );
  });
});
