import { parseMoney } from '../../../shared/money.ts';
import { HISTORY_YEARS } from '../../../shared/schemas/dates.ts';

/*
 * What a receipt, superbill or invoice's extracted text proposes for a new expense (issue 26): the
 * provider, the service date and the amount, each null when the text does not say. The parent
 * confirms or changes every field; a wrong guess costs a correction, so the rules prefer labelled
 * lines and otherwise stay conservative. Pure: no I/O.
 */

export interface ReceiptProposal {
  provider: string | null;
  serviceDate: string | null;
  amountCents: number | null;
}

const PROVIDER_MAX = 160;

export function proposeFromReceiptText(text: string, today: string): ReceiptProposal {
  const lines = text
    .split(/\r?\n|\r/)
    .map((line) => line.replace(/[\t\u00a0 ]+/g, ' ').trim())
    .filter((line) => line.length > 0);
  return {
    provider: proposeProvider(lines),
    serviceDate: proposeServiceDate(lines, today),
    amountCents: proposeAmount(lines),
  };
}

/* ---------- amount ---------- */

// "$1,234.56", "$ 150", "1234.56 USD", "USD 80.00", "150.00": a currency mark or exactly two decimals,
// so that a phone number, a ZIP code or an order number is never read as money.
const MONEY =
  /(?<![\d.,/$-])(?:(?:US)?\$\s?(?<dollars>\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:\.\d{2})?)|USD\s?(?<usdBefore>\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:\.\d{2})?)|(?<plain>\d{1,3}(?:,\d{3})+\.\d{2}|\d+\.\d{2}|\d{1,3}(?:,\d{3})+|\d+)(?<usdAfter>\s?USD)?)(?![\d,]*\.?\d)/gi;

function amountsIn(line: string): number[] {
  const found: number[] = [];
  for (const match of line.matchAll(MONEY)) {
    const groups = match.groups ?? {};
    const before = line.slice(0, match.index);
    // A credit or refund ("-$20.00", "($20.00)") is not what the family paid.
    if (/[-(−]$/.test(before)) continue;
    let digits: string | undefined;
    if (groups.dollars) digits = groups.dollars;
    else if (groups.usdBefore) digits = groups.usdBefore;
    else if (groups.plain && (groups.usdAfter || /\.\d{2}$/.test(groups.plain))) digits = groups.plain;
    if (!digits) continue;
    const cents = parseMoney(digits, 'USD');
    if (cents !== null && cents > 0) found.push(cents);
  }
  return found;
}

/** How strongly a line's label says "this is what was paid"; 0 for no label. */
function amountRank(line: string): number {
  const lower = line.toLowerCase();
  if (/\bsub-?\s?total\b|before tax|total tax|shipping|discount|adjustment|insurance (paid|payment)|paid by insurance/.test(lower))
    return 0;
  if (/amount paid|balance paid|total paid|paid amount|payment received|you paid|patient paid|copay paid|amount received/.test(lower)) {
    return 4;
  }
  // "Sales tax: $1.59" is not the total; "Total (tax included)" is.
  if (/\btax\b/.test(lower) && !/\btotal\b/.test(lower)) return 0;
  if (/grand total|order total|invoice total|total charges?|total amount|total fees?/.test(lower)) return 3;
  if (/\btotal\b/.test(lower)) return 2;
  if (/amount due|balance due|total due/.test(lower)) return 1;
  return 0;
}

function proposeAmount(lines: string[]): number | null {
  let best: { rank: number; cents: number } | null = null;
  let largest: number | null = null;
  lines.forEach((line, index) => {
    const here = amountsIn(line);
    for (const cents of here) largest = largest === null ? cents : Math.max(largest, cents);
    const rank = amountRank(line);
    if (rank === 0) return;
    // Tables extracted from PDFs often put the label on one line and its value on the next.
    const next = lines[index + 1];
    const amounts =
      here.length > 0 ? here : next && amountRank(next) === 0 && !/[a-z]{3}/i.test(next.replace(/USD/gi, '')) ? amountsIn(next) : [];
    const cents = amounts.at(-1);
    if (cents === undefined) return;
    // The later of equally strong labels wins: totals come at the bottom.
    if (!best || rank >= best.rank) best = { rank, cents };
  });
  return (best as { rank: number; cents: number } | null)?.cents ?? largest;
}

/* ---------- service date ---------- */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

const DATE_PATTERNS: ReadonlyArray<{ pattern: RegExp; read: (m: RegExpExecArray) => [number, number, number] }> = [
  { pattern: /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g, read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  {
    pattern: /(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\d/])/g,
    read: (m) => [fullYear(m[3] as string), Number(m[1]), Number(m[2])],
  },
  {
    pattern: new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`, 'gi'),
    read: (m) => [Number(m[3]), monthNumber(m[1] as string), Number(m[2])],
  },
  {
    pattern: new RegExp(`(?<!\\d)(\\d{1,2})\\s+${MONTH_NAME},?\\s+(\\d{4})(?!\\d)`, 'gi'),
    read: (m) => [Number(m[3]), monthNumber(m[2] as string), Number(m[1])],
  },
];

function fullYear(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function shiftYears(iso: string, years: number): string {
  return `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4)}`;
}

/** The dates a line holds, in the order they appear, within the window an expense may be dated. */
function datesIn(line: string, earliest: string, latest: string): string[] {
  const found: Array<{ at: number; iso: string }> = [];
  for (const { pattern, read } of DATE_PATTERNS) {
    for (const match of line.matchAll(pattern)) {
      const iso = isoOf(...read(match as RegExpExecArray));
      if (iso && iso >= earliest && iso <= latest) found.push({ at: match.index, iso });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.iso);
}

function dateRank(line: string): number {
  const lower = line.toLowerCase();
  if (/date of birth|\bdob\b|birth ?date|\bborn\b|due date|due by|\bdue\b|expires?|valid (until|through)/.test(lower)) return -1;
  if (/dates? of service|service dates?|\bdos\b|date\(s\) of service|session date|visit date|appointment date/.test(lower)) return 3;
  if (/order placed|date paid|payment date|paid on|\bdate\b/.test(lower)) return 2;
  return 1;
}

function proposeServiceDate(lines: string[], today: string): string | null {
  const latest = shiftYears(today, 1);
  const earliest = shiftYears(today, -HISTORY_YEARS);
  let best: { rank: number; iso: string } | null = null;
  lines.forEach((line, index) => {
    const rank = dateRank(line);
    if (rank < 0) return;
    let dates = datesIn(line, earliest, latest);
    // "Date of service" as a column heading, the date on the next line.
    const next = lines[index + 1];
    if (dates.length === 0 && rank === 3 && next && dateRank(next) >= 0) dates = datesIn(next, earliest, latest);
    const iso = dates[0];
    if (iso === undefined) return;
    // The first of equally strong lines wins: a range "11/03/2026 - 11/24/2026" starts on its first.
    if (!best || rank > best.rank) best = { rank, iso };
  });
  return (best as { rank: number; iso: string } | null)?.iso ?? null;
}

/* ---------- provider ---------- */

const PROVIDER_LABEL =
  /^(?:rendering |treating |billing )?(?:provider|practice|clinic|therapist|clinician|tutor|from|bill(?:ed)? from|billed by|sold by|vendor|merchant|payee)(?: name)?\s*[:\-–]\s*(.*)$/i;
const HEADING_WORDS =
  /\b(receipt|invoice|superbill|statement|order|payment|tax|details|final|for|of|bill|page|number|no|copy|paid|services?|summary|patient|customer)\b/gi;

function clip(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return [...clean].slice(0, PROVIDER_MAX).join('').trim();
}

function isHeadingOrValue(line: string): boolean {
  if (amountsIn(line).length > 0) return true;
  if (datesIn(line, '0001-01-01', '9999-12-31').length > 0) return true;
  // "Receipt", "INVOICE #1042", "Final Details for Order #113-…": nothing left once the heading words go.
  const rest = line.replace(HEADING_WORDS, '').replace(/[^\p{L}]+/gu, '');
  if (rest.length === 0) return true;
  // "Patient: Sam Rivera", "Invoice no: 12": a label with its value is not who provided the service.
  return /^[\p{L} ()#.]{1,30}:\s*\S/u.test(line);
}

function proposeProvider(lines: string[]): string | null {
  for (let index = 0; index < lines.length; index += 1) {
    const match = PROVIDER_LABEL.exec(lines[index] as string);
    if (!match) continue;
    const value = (match[1] ?? '').trim();
    if (value) return clip(value);
    const next = lines[index + 1];
    if (next && !isHeadingOrValue(next)) return clip(next);
  }
  const first = lines.find((line) => !isHeadingOrValue(line));
  return first ? clip(first) : null;
}
