import { describe, expect, it } from 'vitest';
import { detectAttachmentType, detectImageType } from './image-type.ts';

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

/** A zip local file entry, stored (not compressed): enough of the format for recognising it. */
function zipEntry(name: string, data = 'x'): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(Buffer.byteLength(name, 'latin1'), 26);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  return Buffer.concat([header, Buffer.from(name, 'latin1'), Buffer.from(data, 'latin1')]);
}
const office = (folder: string) =>
  Buffer.concat([
    zipEntry('[Content_Types].xml', '<Types/>'),
    zipEntry('_rels/.rels'),
    zipEntry(`${folder}document.xml`),
  ]);

describe('detectAttachmentType', () => {
  it.each([
    [bytes('%PDF-1.7\n'), 'application/pdf'],
    [bytes([0x89], 'PNG\r\n\x1a\n'), 'image/png'],
    [office('word/'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    [office('xl/'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    [office('ppt/'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ])('recognises %s', (head, type) => {
    expect(detectAttachmentType(head)?.contentType).toBe(type);
  });

  it.each([
    ['a Windows executable', bytes('MZ', [0x90, 0, 3, 0, 0, 0])],
    ['an ELF executable', bytes([0x7f], 'ELF', [2, 1, 1])],
    ['a plain zip', Buffer.concat([zipEntry('setup.exe'), zipEntry('readme.txt')])],
    [
      'a zip with [Content_Types].xml but no Office part',
      Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('a.exe')]),
    ],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(detectAttachmentType(head)).toBeNull();
  });
});
