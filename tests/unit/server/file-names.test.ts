import { describe, expect, it } from 'vitest';
import { extensionFor, safeSegment, uniqueNames } from '../../../server/core/file-names.ts';

describe('names in the export ZIP', () => {
  it('replaces what Windows or macOS refuse, and control characters, keeping the extension readable', () => {
    expect(safeSegment('2026-09-15 IEP: 2026/27 <annual>.pdf', 'document')).toBe('2026-09-15 IEP 2026 27 annual.pdf');
    expect(safeSegment('a\\b|c?d*e"f.txt', 'document')).toBe('a b c d e f.txt');
    expect(safeSegment('line\nbreak\u0000and\u202Ebidi.txt', 'document')).toBe('line break and bidi.txt');
  });

  it('drops leading and trailing dots and spaces, and falls back when nothing is left', () => {
    expect(safeSegment('  ..hidden. ', 'document')).toBe('hidden');
    expect(safeSegment('...', 'document')).toBe('document');
    expect(safeSegment('///', 'Child')).toBe('Child');
  });

  it('never gives a device name Windows reserves', () => {
    expect(safeSegment('CON', 'x')).toBe('_CON');
    expect(safeSegment('nul.txt', 'x')).toBe('_nul.txt');
    expect(safeSegment('Com1', 'x')).toBe('_Com1');
    expect(safeSegment('Console.txt', 'x')).toBe('Console.txt');
  });

  it('shortens long names to 100 characters, extension kept, without splitting a surrogate pair', () => {
    const long = safeSegment(`${'x'.repeat(150)}.pdf`, 'document');
    expect([...long]).toHaveLength(100);
    expect(long.endsWith('x.pdf')).toBe(true);
    const emoji = safeSegment(`${'😀'.repeat(120)}.txt`, 'document');
    expect([...emoji]).toHaveLength(100);
    expect(emoji.endsWith('😀.txt')).toBe(true);
    expect(safeSegment('broken \uD800 half.txt', 'document')).toBe('broken half.txt');
  });

  it('makes names unique as case-insensitive file systems compare them', () => {
    const next = uniqueNames();
    expect(['Notes.txt', 'notes.TXT', 'Notes.txt', 'Notes (2).txt', 'Maya', 'maya'].map(next)).toEqual([
      'Notes.txt',
      'notes (2).TXT',
      'Notes (3).txt',
      'Notes (2) (2).txt',
      'Maya',
      'maya (2)',
    ]);
  });

  it("keeps a file name's extension only when it fits the media type", () => {
    expect(extensionFor('Invoice.PDF', 'application/pdf')).toBe('pdf');
    expect(extensionFor('photo.jpeg', 'image/jpeg')).toBe('jpeg');
    expect(extensionFor('photo.jpg', 'image/jpeg')).toBe('jpg');
    // A name that lies about its type, or has no extension, gets the type's own.
    expect(extensionFor('x.exe', 'application/pdf')).toBe('pdf');
    expect(extensionFor('scan', 'image/png')).toBe('png');
    expect(extensionFor('notes.txt', 'application/x-unknown')).toBe('bin');
  });
});
