import { z } from 'zod';
import { defineJob, type JobDefinition, type JobKind } from '../../core/jobs.ts';
import type { DocumentsService } from './documents.service.ts';

/**
 * Reads a new file's text and makes its thumbnail (decision 0091). The owner's jobs take turns with
 * other owners' and go with the account (`deleteJobsMatching({ ownerId })`).
 */
export const processDocumentJob = {
  name: 'documents.process',
  schema: z.object({ documentId: z.number().int(), ownerId: z.string() }),
} satisfies JobKind;

/**
 * Two minutes: the processor gives a file 30 s for its text and 10 s more for its thumbnail, and the
 * file is read from the store and the thumbnail written back. An instance that dies mid-file leaves
 * the job to be taken back after this long, and another instance reads the file.
 */
export const PROCESS_EXPIRE_SECONDS = 120;

export function documentsJobs(deps: { documents: Pick<DocumentsService, 'process'> }): JobDefinition[] {
  return [
    defineJob({
      ...processDocumentJob,
      // A store that did not answer gets two more tries, half a minute and a minute later.
      retryLimit: 2,
      retryDelaySeconds: 30,
      expireInSeconds: PROCESS_EXPIRE_SECONDS,
      handle: (data, job) => deps.documents.process(data.documentId, job),
    }),
  ];
}
