import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertByteRange,
  assertObjectKey,
  FileStoreUnavailableError,
  ObjectNotFoundError,
  rangeNotSatisfiable,
  type ByteRange,
  type ObjectStore,
} from './object-store.ts';

const TEMP_PREFIX = '.tmp-';
/** Reads in 1 MiB chunks: fewer, larger chunks let the vault open most segments without copying them. */
const READ_CHUNK_BYTES = 1024 * 1024;
/** Writes gather up to this much before each system call, so the encryption does not wait on every segment's write. */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** One file name per key: `/` becomes `%2F`, everything else a key may hold is already safe in a file name. */
const fileNameOf = (key: string) => key.replaceAll('/', '%2F');
const keyOfFileName = (name: string) => name.replaceAll('%2F', '/');

/** 256 folders chosen by a hash of the key, so no folder grows huge whatever the keys look like. */
const fanOutOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 2);

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Objects as files under `root`, each written to a temp file in its folder and renamed into place (atomic). */
export function createDiskStore(root: string): ObjectStore {
  const absoluteRoot = path.resolve(root);

  function pathOf(key: string): { folder: string; file: string } {
    assertObjectKey(key);
    const folder = path.join(absoluteRoot, fanOutOf(key));
    return { folder, file: path.join(folder, fileNameOf(key)) };
  }

  return {
    kind: 'disk',

    /** The objects folder exists (or can be made) and takes a file. */
    async probe() {
      const probeFile = path.join(absoluteRoot, `${TEMP_PREFIX}probe-${randomBytes(4).toString('hex')}`);
      try {
        await mkdir(absoluteRoot, { recursive: true });
        await writeFile(probeFile, '', { mode: 0o600 });
        await rm(probeFile, { force: true });
      } catch (error) {
        throw new FileStoreUnavailableError('the objects folder cannot be written', 'DATA_DIR', error);
      }
    },

    async put(key, body: Readable) {
      const { folder, file } = pathOf(key);
      await mkdir(folder, { recursive: true });
      const temp = path.join(folder, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx', mode: 0o600, highWaterMark: WRITE_BUFFER_BYTES }));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key, range?: ByteRange) {
      const { file } = pathOf(key);
      if (range) assertByteRange(range);
      const handle = await open(file, 'r').catch((error: unknown) => {
        throw isMissing(error) ? new ObjectNotFoundError(key) : error;
      });
      try {
        if (!range) return handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES });
        const { size } = await handle.stat();
        if (range.start >= size) throw rangeNotSatisfiable(key, range);
        return handle.createReadStream({ start: range.start, end: Math.min(range.end, size - 1), highWaterMark: READ_CHUNK_BYTES });
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key).file, { force: true });
    },

    /** Temporary files last written before `startedBefore`: a write in progress keeps touching its own. */
    async sweepIncompleteWrites(startedBefore) {
      let removed = 0;
      const sweep = async (folder: string) => {
        const names = await readdir(folder).catch((error: unknown) => {
          if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
          throw error;
        });
        for (const name of names) {
          const file = path.join(folder, name);
          if (!name.startsWith(TEMP_PREFIX)) {
            if (folder === absoluteRoot) await sweep(file);
            continue;
          }
          const written = await stat(file).catch(() => undefined);
          if (written?.isFile() && written.mtime < startedBefore) {
            await rm(file, { force: true });
            removed += 1;
          }
        }
      };
      await sweep(absoluteRoot);
      return removed;
    },

    async *list(prefix = '') {
      const folders = await readdir(absoluteRoot).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const folder of folders.sort()) {
        const names = await readdir(path.join(absoluteRoot, folder)).catch((error: unknown) => {
          if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
          throw error;
        });
        for (const name of names) {
          if (name.startsWith(TEMP_PREFIX)) continue;
          const key = keyOfFileName(name);
          if (key.startsWith(prefix)) yield key;
        }
      }
    },
  };
}
