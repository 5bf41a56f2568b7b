import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Creates `file` with `contents` (mode 0600) unless it exists, and answers what the file holds. The
 * contents are written to a temporary file first and linked into place, which fails when the file
 * exists: two processes starting at once both read one whole file, never a half-written one.
 */
export async function writeFileOnce(file: string, contents: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, contents, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temp, { force: true });
  }
  return readFile(file, 'utf8');
}
