/**
 * Money is an integer count of a currency's minor units (decision 0103): cents for USD, yen for JPY,
 * fils for BHD. Never a float, never summed across currencies; shown with Intl.NumberFormat.
 */

/** How many minor-unit digits `currency` has (2 for USD, 0 for JPY, 3 for BHD). */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** True for an ISO 4217 code the runtime knows (USD, EUR, CAD...). */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return true;
  }
}

/** `15000, 'USD'` -> `$150.00`: the amount in the currency's own notation. */
export function formatMoney(minorUnits: number, currency: string, locale = 'en-US'): string {
  const digits = minorDigits(currency);
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(minorUnits);
  const scale = 10 ** digits;
  // Whole and fraction as separate integers, joined as text: no float rounding on the way.
  const whole = Math.floor(abs / scale);
  const fraction = String(abs % scale).padStart(digits, '0');
  const decimal = digits > 0 ? `${whole}.${fraction}` : String(whole);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(`${sign}${decimal}` as unknown as number);
}

/**
 * What a parent typed (`150`, `150.5`, `$1,234.56`) as minor units of `currency`, or null when it is
 * not an amount (more fraction digits than the currency has, letters, two points).
 */
export function parseMoney(typed: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const cleaned = typed.replace(/[\s,]/g, '').replace(/^[^\d.-]+/, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const whole = match[1] as string;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const value = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(value) ? value : null;
}

/** `15000, 'USD'` -> `150.00`: the plain number a form field shows for editing. */
export function moneyInputValue(minorUnits: number, currency: string): string {
  const digits = minorDigits(currency);
  const scale = 10 ** digits;
  const whole = Math.floor(minorUnits / scale);
  return digits > 0 ? `${whole}.${String(minorUnits % scale).padStart(digits, '0')}` : String(whole);
}
