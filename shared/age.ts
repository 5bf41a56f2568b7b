const DATE_PART = /^\d+$/;

/**
 * SPEC §3 age helper: "YYYY-MM-DD" optionally followed by a space and a time gives whole
 * years of age, never negative. Non-numeric parts give 0; an impossible date gives 0 and a warning.
 */
export function ageInYears(dateString: string, today: Date = new Date()): number {
  const [datePart = ''] = dateString.trim().split(' ');
  const parts = datePart.split('-');
  if (parts.length !== 3 || !parts.every((part) => DATE_PART.test(part))) return 0;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which would read years 0-99 as 1900-1999.
  const birth = new Date(0);
  birth.setUTCFullYear(year, month - 1, day);
  if (Number.isNaN(birth.getTime()) || birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) {
    console.warn(`ageInYears: "${dateString}" is not a valid date`);
    return 0;
  }
  const nowYear = today.getUTCFullYear();
  const nowMonth = today.getUTCMonth() + 1;
  const nowDay = today.getUTCDate();
  let age = nowYear - year;
  if (nowMonth < month || (nowMonth === month && nowDay < day)) age -= 1;
  return Math.max(0, age);
}
