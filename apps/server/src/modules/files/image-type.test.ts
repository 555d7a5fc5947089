import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectImageType', () => {
  it.each([
    [bytes([0x89], 'PNG\r\n\x1a\n'), 'image/png'],
    [bytes([0xff, 0xd8, 0xff, 0xdb]), 'image/jpeg'],
    [bytes('GIF87a'), 'image/gif'],
    [bytes('GIF89a'), 'image/gif'],
    [bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L'), 'image/webp'],
  ])('recognises %s', (head, type) => {
    expect(detectImageType(head)?.contentType).toBe(type);
  });

  it.each([
    ['SVG', bytes('<?xml version="1.0"?><svg')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['BMP', bytes('BM', [0, 0, 0, 0])],
    ['a PNG signature with one byte wrong', bytes([0x89], 'PNG\r\n\x1a\x0b')],
    ['nothing', bytes()],
    ['GIF8 alone', bytes('GIF8')],
  ])('refuses %s', (_what, head) => {
    expect(detectImageType(head)).toBeNull();
  });
});
