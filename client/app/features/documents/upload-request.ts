import type { DocumentCreate, DocumentRecord } from '#shared/schemas/document.ts';
import { getAuthToken } from '../../../lib/auth-token.ts';
import type { FieldIssue } from '../../../lib/field-errors.ts';
import { formatBytes } from '#shared/bytes.ts';

/** What an upload answers with that the screen uses (the JSON also carries dates as strings). */
export type UploadedDocument = Pick<DocumentRecord, 'id' | 'title' | 'fileName'>;

export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled');
    this.name = 'UploadCancelled';
  }
}

export class UploadFailed extends Error {
  readonly status: number;
  readonly issues: FieldIssue[];
  constructor(status: number, message: string, issues: FieldIssue[] = []) {
    super(message);
    this.name = 'UploadFailed';
    this.status = status;
    this.issues = issues;
  }
}

/** `/api/documents?childId=3` and its file paths: the REST routes of decision 0042. */
export function documentsUrl(childId: number, documentId?: number, part?: 'content' | 'thumbnail', download = false): string {
  const path = documentId === undefined ? '/api/documents' : `/api/documents/${documentId}${part ? `/${part}` : ''}`;
  return `${path}?childId=${childId}${download ? '&download=true' : ''}`;
}

/** The multipart body: the description fields first, the file last, as the server reads them in order. */
export function uploadForm(file: File, fields: DocumentCreate = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, String(one));
  }
  form.append('file', file, file.name);
  return form;
}

/**
 * What a parent reads when an upload did not land: the server's own message (it names the limit
 * or the accepted types), or words for the status when the body says nothing.
 */
export function uploadFailure(status: number, body: string, file: { name: string; size: number }): UploadFailed {
  let message: string | null = null;
  let issues: FieldIssue[] = [];
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown; issues?: unknown } };
    if (typeof parsed.error?.message === 'string') message = parsed.error.message;
    if (Array.isArray(parsed.error?.issues)) issues = parsed.error.issues as FieldIssue[];
  } catch {
    // not the API's error body (a proxy's page): the status speaks
  }
  const fallback: Record<number, string> = {
    0: 'The connection dropped before the file was sent. Check your connection and try again.',
    401: 'You have been signed out. Sign in again, then add the file again.',
    413: `${file.name} (${formatBytes(file.size)}) is too large to keep.`,
    415: `${file.name} is not a type the vault keeps.`,
    422: `${file.name} is empty.`,
  };
  return new UploadFailed(
    status,
    message ?? fallback[status] ?? `The file could not be added (error ${status}). Please try again.`,
    issues,
  );
}

/** Answers that judge the file itself (too large, a type not kept, empty): sending it again cannot help. */
export function isRefusal(error: unknown): boolean {
  return error instanceof UploadFailed && [413, 415, 422].includes(error.status);
}

export interface UploadRequest {
  method: 'POST' | 'PUT';
  url: string;
  file: File;
  fields?: DocumentCreate;
  onProgress: (loaded: number, total: number) => void;
}

export interface UploadHandle {
  done: Promise<UploadedDocument>;
  /** Stops the upload: `done` rejects with UploadCancelled and the server keeps nothing. */
  cancel: () => void;
}

/**
 * Sends one file with XMLHttpRequest, the only browser API that reports upload progress, with the
 * bearer token like every other call (decision 0043).
 */
export function sendFile({ method, url, file, fields, onProgress }: UploadRequest): UploadHandle {
  const xhr = new XMLHttpRequest();
  let cancelled = false;
  const done = (async () => {
    const token = await getAuthToken();
    if (cancelled) throw new UploadCancelled();
    return new Promise<UploadedDocument>((resolve, reject) => {
      xhr.open(method, url);
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size));
      xhr.addEventListener('load', () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          try {
            resolve(JSON.parse(xhr.responseText) as UploadedDocument);
          } catch {
            reject(uploadFailure(xhr.status, '', file));
          }
        } else reject(uploadFailure(xhr.status, xhr.responseText, file));
      });
      xhr.addEventListener('error', () => reject(uploadFailure(0, '', file)));
      xhr.addEventListener('abort', () => reject(new UploadCancelled()));
      xhr.send(uploadForm(file, fields));
    });
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      xhr.abort();
    },
  };
}
