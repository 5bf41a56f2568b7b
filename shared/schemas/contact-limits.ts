/**
 * The contact form's limits as plain numbers, with no zod: the public site's contact page reads them
 * for its `maxLength`s without loading the schema (which brings zod, and loads on first focus).
 * `contact.ts` builds its schema and messages from them, and `account.ts` its email rule.
 */

/** The longest email address accepted anywhere (RFC 5321's path limit, less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

export const CONTACT_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  messageMin: 10,
  message: 4000,
} as const;

/** Days a contact message is kept after it arrives; the server deletes older ones daily, and the privacy page says so. */
export const CONTACT_RETENTION_DAYS = 180;
