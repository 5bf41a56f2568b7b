import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ObjectNotFoundError, rangeNotSatisfiable, type ObjectStore } from '../../../server/core/storage/object-store.ts';

/** An ObjectStore in a Map, for unit tests: what it holds can be read and altered directly. */
export function createMemoryObjectStore(): ObjectStore & { objects: Map<string, Buffer>; largestChunk: () => number } {
  const objects = new Map<string, Buffer>();
  let largestChunk = 0;
  return {
    kind: 'disk',
    objects,
    largestChunk: () => largestChunk,
    async put(key, body) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) {
        largestChunk = Math.max(largestChunk, (chunk as Buffer).length);
        chunks.push(chunk as Buffer);
      }
      objects.set(key, Buffer.concat(chunks));
    },
    async get(key, range) {
      const stored = objects.get(key);
      if (!stored) throw new ObjectNotFoundError(key);
      if (range && range.start >= stored.length) throw rangeNotSatisfiable(key, range);
      const bytes = range ? stored.subarray(range.start, range.end + 1) : stored;
      // Handed out in small pieces, so segment boundaries fall inside chunks as they do over a network.
      return Readable.from(
        Array.from({ length: Math.ceil(bytes.length / 7000) }, (_, index) => bytes.subarray(index * 7000, (index + 1) * 7000)),
      );
    },
    async delete(key) {
      objects.delete(key);
    },
    async probe() {},
    async sweepIncompleteWrites() {
      return 0;
    },
    async *list(prefix = '') {
      for (const key of objects.keys()) if (key.startsWith(prefix)) yield key;
    },
  };
}

export const readAll = async (stream: Readable) => buffer(stream);

/** Alters stored bytes in place, as a tampered disk or bucket would. */
export function flipBits(bytes: Buffer, position: number, mask: number): void {
  bytes.writeUInt8(bytes.readUInt8(position) ^ mask, position);
}
