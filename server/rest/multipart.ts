import type { Request, Response } from 'express';
import busboy from 'busboy';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { parseWith } from './route-kit.ts';

/** How much of a refused upload the server still reads, so the browser can see the answer instead of a reset connection. */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;
const MAX_FIELDS = 40;
const MAX_FIELD_BYTES = 8 * 1024;

export interface UploadedFile {
  /** The name the client gave the file (not yet cleaned). */
  fileName: string;
  body: Readable;
}

/**
 * Reads a `multipart/form-data` upload as it streams: the description fields first (parsed with
 * `fields`), then one part named `file`, handed to `onFile` while its bytes are still arriving. A
 * field after the file, a second file or no file is a 400. When the client goes away half-way, the
 * file stream errors, so whatever `onFile` was writing is abandoned (decision 0042).
 */
export function receiveUpload<Fields extends z.ZodType, T>(
  req: Request,
  res: Response,
  options: { fields: Fields; maxFileBytes: number },
  onFile: (file: UploadedFile, fields: z.output<Fields>) => Promise<T>,
): Promise<T> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a part named "file".'));
  }
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1, fileSize: options.maxFileBytes + 1 },
        defParamCharset: 'utf8',
      });
    } catch {
      reject(new AppError('BAD_REQUEST', 'The multipart body has no boundary.'));
      return;
    }
    const values: Record<string, string | string[]> = {};
    let file: Readable | null = null;
    let handled: Promise<T> | null = null;
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      file?.destroy(error instanceof Error ? error : new Error(String(error)));
      stopReading();
      reject(error);
    };
    const stopReading = () => {
      req.unpipe(parser);
      // Read (and drop) the rest, so the client gets the answer; a huge remainder closes the connection.
      let drained = 0;
      res.setHeader('Connection', 'close');
      req.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_LIMIT_BYTES) req.destroy();
      });
      req.resume();
    };

    parser.on('field', (name, value, info) => {
      if (file) return fail(new AppError('BAD_REQUEST', `Send the field "${name}" before the file.`));
      if (info.valueTruncated) return fail(new AppError('BAD_REQUEST', `The field "${name}" is too long.`));
      const existing = values[name];
      values[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return fail(
          new AppError('BAD_REQUEST', `Send the file in a part named "file", not "${name}".`, [{ path: name, message: 'Unexpected file' }]),
        );
      }
      file = stream;
      // Whoever reads the file sees its errors; this keeps one with no reader yet from going unhandled.
      stream.on('error', () => {});
      let fields: z.output<Fields>;
      try {
        fields = parseWith(options.fields, formValues(values, options.fields));
      } catch (error) {
        stream.resume();
        return fail(error);
      }
      handled = onFile({ fileName: info.filename ?? 'document', body: stream }, fields);
      handled.then(
        (result) => {
          settled = true;
          resolve(result);
        },
        (error: unknown) => fail(error),
      );
    });
    parser.on('filesLimit', () => fail(new AppError('BAD_REQUEST', 'Send one file per request.')));
    parser.on('fieldsLimit', () => fail(new AppError('BAD_REQUEST', `Send at most ${MAX_FIELDS} fields.`)));
    parser.on('partsLimit', () => fail(new AppError('BAD_REQUEST', 'The body has too many parts.')));
    parser.on('error', (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      fail(new AppError('BAD_REQUEST', `The multipart body could not be read: ${message}.`));
    });
    parser.on('close', () => {
      if (!file) fail(new AppError('BAD_REQUEST', 'Add the file as a part named "file".', [{ path: 'file', message: 'Required' }]));
    });
    // A client that goes away mid-upload: the file stream must fail, or the store would keep a partial object.
    req.on('close', () => {
      if (!req.complete) {
        const cutOff = new Error('The upload was cut off before the end.');
        file?.destroy(cutOff);
        parser.destroy(cutOff);
        fail(new AppError('BAD_REQUEST', cutOff.message));
      }
    });
    req.pipe(parser);
  });
}

/** Each field's JSON Schema, converted once per form schema rather than on every upload. */
const fieldSchemas = new WeakMap<z.ZodType, Map<string, JsonType>>();

function fieldSchemasOf(schema: z.ZodType): Map<string, JsonType> {
  let fields = fieldSchemas.get(schema);
  if (!fields) {
    const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    fields = new Map(
      Object.entries(shape).map(([name, field]) => [name, z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as JsonType]),
    );
    fieldSchemas.set(schema, fields);
  }
  return fields;
}

/** Form fields are text: a field the schema reads as a list is always a list, numbers become numbers. */
function formValues(values: Record<string, string | string[]>, schema: z.ZodType): Record<string, unknown> {
  const fields = fieldSchemasOf(schema);
  const result: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(values)) {
    const list = Array.isArray(raw) ? raw : [raw];
    const json = fields.get(name) ?? {};
    const types = typesOf(json);
    if (types.includes('array')) {
      result[name] = list
        .filter((item) => item !== '')
        .map((item) => (typesOf(json.items ?? {}).includes('integer') ? toNumber(item) : item));
    } else if (list.length > 1) {
      result[name] = list;
    } else if (raw === '' && types.includes('null')) {
      result[name] = null;
    } else {
      result[name] = types.includes('integer') || types.includes('number') ? toNumber(list[0] as string) : list[0];
    }
  }
  return result;
}

/** A whole number as a number; anything else stays text, for the schema to refuse with its own message. */
function toNumber(value: string): number | string {
  return /^-?\d{1,10}$/.test(value) ? Number(value) : value;
}

interface JsonType {
  type?: string | string[];
  anyOf?: JsonType[];
  items?: JsonType;
}

/** The JSON types a field accepts, a nullable one included. */
function typesOf(json: JsonType): string[] {
  return [json.type ?? [], ...(json.anyOf ?? []).map(typesOf)].flat(2);
}
