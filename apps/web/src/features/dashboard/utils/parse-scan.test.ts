import { describe, expect, it } from 'vitest';
import { boothQuery, parseScan } from './parse-scan.ts';

const ORIGIN = 'https://app.leadcapture.example';
const contactOf = (text: string) => {
  const result = parseScan(text, ORIGIN);
  if (result.kind !== 'contact') throw new Error(`not a contact: ${JSON.stringify(result)}`);
  return result.contact;
};

describe('parseScan', () => {
  it('reads a vCard 3.0 with escaped characters, UTF-8 names, a folded line and LF line ends', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Åström;Björn;;Dr.;',
      'FN:Dr. Björn Åström',
      'ORG:Fjäll\\, Berg & Co\\; AB;Försäljning',
      'TITLE:Key account manager',
      'TEL;TYPE=WORK,VOICE:+46 8 123 45 67',
      'TEL;TYPE=CELL,PREF:+46 70 123 45 67',
      'EMAIL;TYPE=INTERNET:Bjorn.Astrom@Fjall.se',
      'NOTE:Met at the booth\\, wants',
      '  a demo',
      'END:VCARD',
    ].join('\n');
    expect(contactOf(card)).toEqual({
      first_name: 'Björn',
      last_name: 'Åström',
      company: 'Fjäll, Berg & Co; AB',
      email: 'bjorn.astrom@fjall.se',
      phone: '+46 70 123 45 67',
    });
  });

  it('reads a vCard 4.0 (CRLF, PREF=1, tel: URI) and falls back to FN without N', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Zoë Nguyễn',
      'ORG:Ünïcode GmbH',
      'EMAIL;TYPE=work:zoe@work.example',
      'EMAIL;PREF=1:zoe@home.example',
      'TEL;VALUE=uri;TYPE="voice,cell":tel:+1-555-555-0100',
      'END:VCARD',
    ].join('\r\n');
    expect(contactOf(card)).toEqual({
      first_name: 'Zoë',
      last_name: 'Nguyễn',
      company: 'Ünïcode GmbH',
      email: 'zoe@home.example',
      phone: '+1-555-555-0100',
    });
  });

  it('reads a MECARD with escaped separators', () => {
    expect(
      contactOf('MECARD:N:Öberg,Åsa;ORG:Kaffe\\; Kaka AB;TEL:+4670111222;EMAIL:asa@kaffe.se;URL:https://kaffe.se;;'),
    ).toEqual({
      first_name: 'Åsa',
      last_name: 'Öberg',
      company: 'Kaffe; Kaka AB',
      email: 'asa@kaffe.se',
      phone: '+4670111222',
    });
  });

  it('reads mailto: links and plain addresses, and a badge link that carries the visitor', () => {
    expect(contactOf('mailto:Per%2Bexpo@example.com?subject=Hi').email).toBe('per+expo@example.com');
    expect(contactOf('  per@example.se ').email).toBe('per@example.se');
    expect(contactOf('https://badges.example/v/123?email=lena@example.org&name=Lena%20M%20Ek')).toMatchObject({
      first_name: 'Lena M',
      last_name: 'Ek',
      email: 'lena@example.org',
    });
  });

  it("recognises our own events' QR codes (short link with the QR marker, or the capture page)", () => {
    expect(parseScan(`${ORIGIN}/p/e0123456789a?src=qr`, ORIGIN)).toEqual({ kind: 'event', shortCode: 'e0123456789a' });
    expect(parseScan(`${ORIGIN}/capture/nordic-expo-2027`, ORIGIN)).toEqual({
      kind: 'event',
      slug: 'nordic-expo-2027',
    });
    expect(parseScan(`${ORIGIN}/sv/capture/m%C3%A4ssa`, ORIGIN)).toEqual({ kind: 'event', slug: 'mässa' });
    // The same path on someone else's site is only a link.
    expect(parseScan('https://other.example/p/e0123456789a', ORIGIN).kind).toBe('unknown');
  });

  it('answers unknown for what holds no contact, and drops an invalid email', () => {
    expect(parseScan('hello world', ORIGIN)).toEqual({ kind: 'unknown', text: 'hello world' });
    expect(parseScan('https://example.com/about', ORIGIN).kind).toBe('unknown');
    expect(parseScan('mailto:not-an-address', ORIGIN).kind).toBe('unknown');
    expect(parseScan('BEGIN:VCARD\nVERSION:9.9\nEND:VCARD', ORIGIN).kind).toBe('unknown');
    expect(contactOf('MECARD:N:Ek,Lena;EMAIL:nope;;').email).toBe('');
  });
});

describe('boothQuery', () => {
  it('names the booth form fields, leaving out empty ones', () => {
    expect(boothQuery({ first_name: 'Åsa', last_name: 'Öberg', company: '', email: 'a@b.se', phone: '' })).toBe(
      'first_name=%C3%85sa&last_name=%C3%96berg&email=a%40b.se',
    );
  });
});
