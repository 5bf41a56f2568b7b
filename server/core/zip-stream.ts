import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** A yazl ZIP whose output is a stream, with the entry streams it is handed watched. */
export interface ZipStream {
  zip: ZipFile;
  output: Readable;
  /** Stops the ZIP with this error (the output is destroyed with it); a second call only reaches `onError`. */
  fail: (error: unknown) => void;
  /** Watches a stream handed to yazl (or feeding one that is): its error fails the ZIP; it is closed if the ZIP stops first. */
  entry: <T extends Readable>(stream: T) => T;
}

/**
 * yazl listens to none of the streams it is handed: an entry that fails (the reader went away, a file
 * could not be read) would be an uncaught 'error' and stop the process. Each one fails the ZIP here
 * instead, and when the output closes early the entries still open are destroyed (their generators
 * return, no file stays open). yazl reports a failed entry on the zip file, not on its output, so
 * that fails the output too. `onError` sees every failure, first, for the caller's own outcome.
 */
export function zipStream(onError?: (error: Error) => void): ZipStream {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const open = new Set<Readable>();
  const fail = (cause: unknown) => {
    const error = cause instanceof Error ? cause : new Error(String(cause));
    onError?.(error);
    if (!output.destroyed) output.destroy(error);
  };
  const entry = <T extends Readable>(stream: T): T => {
    stream.on('error', fail);
    if (output.destroyed) stream.destroy();
    else {
      open.add(stream);
      stream.once('close', () => open.delete(stream));
    }
    return stream;
  };
  output.once('close', () => {
    for (const stream of open) stream.destroy();
  });
  zip.on('error', fail);
  return { zip, output, fail, entry };
}
