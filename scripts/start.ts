/**
 * `npm start`: builds the client when the build is missing or older than its sources, then serves
 * it in production mode.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtMarker = path.join(root, 'dist', 'client', 'site', 'index.html');
const sources = ['client', 'shared', 'public', 'index.html', 'vite.config.ts', 'scripts/prerender.ts'];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((entry) => newestChange(path.join(root, entry))));
if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'No build yet: building the client once...' : 'Sources changed since the last build: rebuilding...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import('../server/index.ts');
