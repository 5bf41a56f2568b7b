import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileOnce } from '../lib/write-file-once.ts';

/** AUTH_SECRET when given; otherwise one generated on first start and kept in DATA_DIR, so tokens survive restarts. */
export async function resolveAuthSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'auth-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return (await writeFileOnce(file, `${randomBytes(48).toString('base64url')}\n`)).trim();
}
