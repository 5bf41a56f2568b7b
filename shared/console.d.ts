// Browsers and Node both have a console, but shared/ is type-checked with neither's types:
// it may use only what both have, and uses only this.
interface Console {
  warn(...data: unknown[]): void;
}
declare var console: Console;
