import { describe, expect, it } from 'vitest';
import { APP_PATH_PREFIXES, isAppPath } from '#shared/app-paths.ts';

describe('isAppPath (SPEC §2 prefix split)', () => {
  it('sends every SPEC prefix, and paths below it, to the app', () => {
    for (const prefix of APP_PATH_PREFIXES) {
      expect(isAppPath(prefix)).toBe(true);
      expect(isAppPath(`${prefix}/something`)).toBe(true);
    }
    expect(isAppPath('/forms/12/fill')).toBe(true);
    expect(isAppPath('/sign-in/factor-one')).toBe(true);
  });

  it('leaves the public site alone, including look-alike paths', () => {
    for (const path of ['/', '/about', '/features', '/beta-access', '/brand', '/apple', '/guidebook', '/settings-help', '/nope']) {
      expect(isAppPath(path)).toBe(false);
    }
  });
});
