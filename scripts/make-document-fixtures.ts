/*
 * Regenerates tests/fixtures/documents/: the real files the vault's tests upload, sniff and process.
 * Run with `npx node scripts/make-document-fixtures.ts` (needs Chromium at /usr/bin/chromium for the
 * IEP sample; CHROMIUM=path to use another). The outputs are committed; rerun only to change them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../tests/fixtures/documents');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

const IEP_PAGES = [
  {
    heading: 'Individualized Education Program',
    paragraphs: [
      'Student: Sam Rivera. Grade 3. Meeting date: September 15, 2026. Annual review: September 2027.',
      'Present levels of academic achievement and functional performance: Sam reads at a late second grade level. ' +
        'Decoding of multisyllable words is emerging; comprehension is a strength when text is read aloud.',
      'Parent concerns: homework takes over an hour each night and ends in tears; Sam says writing "hurts".',
    ],
  },
  {
    heading: 'Annual goals',
    paragraphs: [
      'Goal 1 (reading): Given a grade-level passage, Sam will read 90 words correct per minute with 95% accuracy ' +
        'in four of five weekly probes.',
      'Goal 2 (writing): Using a graphic organizer, Sam will write a five-sentence paragraph with a topic sentence ' +
        'and a closing sentence in three of four samples.',
      'Accommodations: extended time (1.5x), preferential seating, text-to-speech for tests not measuring reading.',
    ],
  },
  {
    heading: 'Related services',
    paragraphs: [
      'The evaluation team found characteristics consistent with dysgraphia: letter formation is effortful, ' +
        'spacing is uneven and writing speed is well below peers.',
      'Occupational therapy: 30 minutes weekly, pull-out, to build fine motor control and keyboarding. ' +
        'The occupational therapist will consult with the classroom teacher monthly.',
      'Speech-language consultation: 15 minutes monthly.',
    ],
  },
  {
    heading: 'Signatures',
    paragraphs: ['Parent consent to the services above was given at the meeting. Next progress report: January 2027.'],
  },
];

function iepHtml(): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const pages = IEP_PAGES.map(
    ({ heading, paragraphs }) =>
      `<section><h1>${escape(heading)}</h1>${paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`).join('')}</section>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>IEP sample</title><style>
    body { font: 12pt/1.5 sans-serif; margin: 0; }
    section { break-after: page; }
    section:last-child { break-after: auto; }
    </style></head><body>${pages.join('')}</body></html>`;
}

/** Chromium prints the HTML to a PDF with embedded, subset fonts and compressed streams, like real ones. */
function printPdf(html: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'trelli-fixture-'));
  try {
    const page = path.join(dir, 'page.html');
    const pdf = path.join(dir, 'page.pdf');
    writeFileSync(page, html);
    execFileSync(
      CHROMIUM,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        `--user-data-dir=${path.join(dir, 'profile')}`,
        '--no-pdf-header-footer',
        `--print-to-pdf=${pdf}`,
        `file://${page}`,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    return readFileSync(pdf);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 400x200 drawing whose top is obvious: a blue band across the top, a red square at the left. */
function landscapeSvg(label: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">
      <rect width="400" height="200" fill="#f4efe6"/>
      <rect width="400" height="40" fill="#1d4ed8"/>
      <rect x="20" y="70" width="90" height="90" fill="#dc2626"/>
      <text x="140" y="130" font-family="sans-serif" font-size="36" fill="#111">${label}</text>
    </svg>`,
  );
}

/** A ZIP (deflated entries) as an office suite writes one, [Content_Types].xml first. */
function zip(entries: ReadonlyArray<{ name: string; text: string }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  // 1 January 2026, 00:00 in MS-DOS date and time format.
  const dosTime = 0;
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.text, 'utf8');
    const packed = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const LETTER = [
  'Dear Ms. Alvarez,',
  'Thank you for meeting with us about Sam’s reading plan. We would like to ask for an updated evaluation.',
  'Kind regards, Dana Rivera',
];

/** A log long enough that its DOCX is far bigger than the bytes a sniff reads. */
const LONG_LOG = Array.from(
  { length: 800 },
  (_, day) => `Day ${day + 1}: homework took ${20 + ((day * 37) % 70)} minutes; reading log page ${(day * 13) % 311}.`,
);

/** A minimal valid DOCX: content types, the package relationship and the main document part. */
function docx(paragraphs: readonly string[]): Buffer {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`).join('');
  return zip([
    {
      name: '[Content_Types].xml',
      text:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      text:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'word/document.xml',
      text:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body>${body}<w:sectPr/></w:body></w:document>`,
    },
  ]);
}

const NOTES =
  'Notes from the meeting with Mme Lefèvre (résumé)\n\n' +
  '- Sam’s reading: fluency up from 62 to 78 words a minute 🎉\n' +
  '- Try the café reading game at home; naïve guessing is fine.\n' +
  '- Ask about the occupational therapy schedule.\n';

const DRAWING_SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">\n' +
  '  <circle cx="50" cy="50" r="40" fill="teal"/>\n' +
  '  <script>fetch("/api/documents").then((r) => r.text()).then(alert);</script>\n' +
  '</svg>\n';

const PAGE_HTML =
  '<!doctype html>\n<html><head><title>Report card</title></head>\n' +
  '<body><h1>Report card</h1><script>document.title = document.cookie;</script></body></html>\n';

async function animatedGif(): Promise<Buffer> {
  const frame = (fill: string) =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: fill } })
      .png()
      .toBuffer();
  const frames = await Promise.all(['#dc2626', '#16a34a', '#2563eb'].map(frame));
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 200, loop: 0 })
    .toBuffer();
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const write = (name: string, bytes: Buffer | string) => {
    writeFileSync(path.join(OUT, name), bytes);
    console.log(`${name}: ${Buffer.byteLength(bytes)} bytes`);
  };

  write('iep-sample.pdf', printPdf(iepHtml()));
  // Landscape pixels tagged "rotate 90 clockwise to view": a phone held upright.
  write('photo-rotated.jpg', await sharp(landscapeSvg('Top')).jpeg({ quality: 80 }).withMetadata({ orientation: 6 }).toBuffer());
  write('picture.png', await sharp(landscapeSvg('PNG')).png().toBuffer());
  write('picture.webp', await sharp(landscapeSvg('WebP')).webp({ quality: 80 }).toBuffer());
  write('notes.txt', NOTES);
  write('letter.docx', docx(LETTER));
  write('homework-log.docx', docx(LONG_LOG));
  write('drawing.svg', DRAWING_SVG);
  write('page.html', PAGE_HTML);
  // HTML under a PDF's name: the vault must judge by the bytes.
  write('fake.pdf', PAGE_HTML);
  write('animation.gif', await animatedGif());
}

await main();
