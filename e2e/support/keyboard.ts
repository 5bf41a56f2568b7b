/** Keyboard-only journeys: reaching a control with Tab, and seeing where focus is. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `most` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, most = 80 } = {}) {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached in ${most} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Focus is on `target`, and the browser shows it (a :focus-visible outline or ring). */
export async function expectFocusShown(target: Locator) {
  await expect(target).toBeFocused();
  const shown = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return element.matches(':focus-visible') && (outline || style.boxShadow !== 'none');
  });
  expect(shown, `${String(target)} has focus but shows none`).toBe(true);
}
