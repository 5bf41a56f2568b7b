import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffMediaType } from '../../../server/features/documents/document-sniff.ts';
import { makeTextPdf } from '../../helpers/document-pdfs.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/documents');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
/** What the upload path holds when it decides: the first SNIFF_BYTES of the file. */
const head = (bytes: Uint8Array) => bytes.subarray(0, SNIFF_BYTES);
const utf8 = (text: string) => new TextEncoder().encode(text);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('sniffMediaType on the fixtures', () => {
  it.each([
    ['iep-sample.pdf', { ok: true, mediaType: 'application/pdf' }],
    ['photo-rotated.jpg', { ok: true, mediaType: 'image/jpeg' }],
    ['picture.png', { ok: true, mediaType: 'image/png' }],
    ['picture.webp', { ok: true, mediaType: 'image/webp' }],
    ['notes.txt', { ok: true, mediaType: 'text/plain' }],
    ['letter.docx', { ok: true, mediaType: DOCX }],
    // Bigger than the head: file-type must find Word's parts in the first entries of the zip.
    ['homework-log.docx', { ok: true, mediaType: DOCX }],
    ['drawing.svg', { ok: false, detected: 'application/xml', reason: 'script' }],
    ['page.html', { ok: false, detected: 'text/html', reason: 'script' }],
    ['fake.pdf', { ok: false, detected: 'text/html', reason: 'script' }],
    ['animation.gif', { ok: false, detected: 'image/gif', reason: 'unsupported' }],
  ])('%s', async (name, expected) => {
    expect(await sniffMediaType(head(fixture(name)))).toEqual(expected);
  });

  it('the DOCX that is longer than the head really is', () => {
    expect(fixture('homework-log.docx').byteLength).toBeGreaterThan(SNIFF_BYTES);
  });

  it('a hand-written PDF is a PDF', async () => {
    expect(await sniffMediaType(head(makeTextPdf('Report card', ['Reading: meets expectations.'])))).toEqual({
      ok: true,
      mediaType: 'application/pdf',
    });
  });

  it('ignores bytes past SNIFF_BYTES', async () => {
    const text = Buffer.concat([Buffer.from('a'.repeat(SNIFF_BYTES)), Buffer.from('<script>alert(1)</script>')]);
    expect(await sniffMediaType(text)).toEqual({ ok: true, mediaType: 'text/plain' });
  });
});

describe('HEIC and HEIF photos', () => {
  /** The ftyp box an iPhone or Android camera writes first. */
  const ftyp = (major: string, compatible: string[]) => {
    const brands = [major, '\0\0\0\0', ...compatible].join('');
    const box = Buffer.alloc(8 + brands.length);
    box.writeUInt32BE(box.length, 0);
    box.write('ftyp', 4, 'latin1');
    box.write(brands, 8, 'latin1');
    return Buffer.concat([box, Buffer.alloc(64)]);
  };

  it.each([
    ['heic', ['mif1', 'heic']],
    ['heix', ['mif1', 'heix']],
    ['mif1', ['mif1', 'heic']],
  ])('a %s brand is kept as image/heic', async (major, compatible) => {
    expect(await sniffMediaType(ftyp(major, compatible))).toEqual({ ok: true, mediaType: 'image/heic' });
  });

  it('AVIF is named and refused', async () => {
    expect(await sniffMediaType(ftyp('avif', ['mif1', 'avif']))).toEqual({ ok: false, detected: 'image/avif', reason: 'unsupported' });
  });
});

describe('plain text', () => {
  it('accepts accented words and emoji, with or without a byte order mark', async () => {
    expect(await sniffMediaType(utf8('Réunion avec Mme Lefèvre 🎉\r\nNext: OT\n'))).toEqual({ ok: true, mediaType: 'text/plain' });
    expect(await sniffMediaType(utf8('\uFEFFNotes from the IEP meeting'))).toEqual({ ok: true, mediaType: 'text/plain' });
  });

  it('accepts a head that ends in the middle of a multibyte character', async () => {
    const emoji = utf8('🎉'); // four bytes
    for (let kept = 1; kept < emoji.length; kept++) {
      const text = Buffer.concat([Buffer.from('x'.repeat(SNIFF_BYTES - kept)), emoji.subarray(0, kept)]);
      expect(await sniffMediaType(text)).toEqual({ ok: true, mediaType: 'text/plain' });
    }
  });

  it('refuses text with a NUL byte, UTF-16 and Latin-1', async () => {
    const unsupported = { ok: false, detected: null, reason: 'unsupported' };
    expect(await sniffMediaType(utf8('Notes\u0000more notes'))).toEqual(unsupported);
    expect(await sniffMediaType(Buffer.from('\uFEFFNotes from school', 'utf16le'))).toEqual(unsupported);
    expect(await sniffMediaType(Buffer.from('Réunion à l’école', 'latin1'))).toEqual(unsupported);
  });

  it('refuses bytes that are mostly control characters', async () => {
    const bytes = Buffer.from(Array.from({ length: 200 }, (_, index) => (index % 3 === 0 ? 0x1b : 0x41)));
    expect(await sniffMediaType(bytes)).toEqual({ ok: false, detected: null, reason: 'unsupported' });
  });

  it('refuses zero bytes as empty', async () => {
    expect(await sniffMediaType(new Uint8Array(0))).toEqual({ ok: false, detected: null, reason: 'empty' });
  });
});

describe('markup that could run script is refused whatever its name', () => {
  it.each([
    ['an SVG without an XML declaration', '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>', 'image/svg+xml'],
    ['HTML after a byte order mark and blank lines', '\uFEFF\n\n  <!DOCTYPE html><title>x</title>', 'text/html'],
    ['an <html> tag in capitals', '<HTML><BODY>Report</BODY></HTML>', 'text/html'],
    ['a script tag after a comment', '<!-- saved from the school portal -->\n<script>steal()</script>', 'text/html'],
    ['an SVG inside text', 'Here is the chart:\n<svg onload="alert(1)"/>', 'image/svg+xml'],
    ['XHTML', '<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"></html>', 'application/xml'],
    ['an iframe', 'Click here <iframe src="https://example.com">', 'text/html'],
  ])('%s', async (_name, text, detected) => {
    expect(await sniffMediaType(utf8(text))).toEqual({ ok: false, detected, reason: 'script' });
  });

  it('keeps text that only mentions angle brackets', async () => {
    expect(await sniffMediaType(utf8('Score <80 means re-test; >95 is above grade level. Use <b> sparingly.'))).toEqual({
      ok: true,
      mediaType: 'text/plain',
    });
  });
});

describe('other types are refused and named', () => {
  it.each([
    ['a plain zip', Buffer.from('504b03041400000008000000000000000000000000000000000005000000612e747874', 'hex'), 'application/zip'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), 'image/gif'],
    ['an executable', Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(64)]), 'application/x-elf'],
  ])('%s', async (_name, bytes, detected) => {
    expect(await sniffMediaType(bytes)).toEqual({ ok: false, detected, reason: 'unsupported' });
  });

  it("a scanner's TIFF", async () => {
    const tiff = await sharp({ create: { width: 50, height: 80, channels: 3, background: '#ffffff' } })
      .tiff()
      .toBuffer();
    expect(await sniffMediaType(head(tiff))).toEqual({ ok: false, detected: 'image/tiff', reason: 'unsupported' });
  });

  it('unknown binary is refused without a name', async () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 151 + 7) % 256));
    expect(await sniffMediaType(bytes)).toEqual({ ok: false, detected: null, reason: 'unsupported' });
  });
});
