import type { AccountDataPart, ExportFile } from '../../core/account-data.ts';
import { extensionFor } from '../../core/file-names.ts';
import type { StoredFiles } from '../../core/stored-objects.ts';
import {
  countDocumentsOfChildren,
  countVersionsOfChildren,
  documentFilesOfChildren,
  versionFilesOfChildren,
} from './documents.repository.ts';

const PAGE = 200;

/**
 * The vault in the account's export: every document's description (data.json, documents.csv), the
 * goals it is evidence for, and the file itself, decrypted, named `<date> <title>.<ext>`; each earlier
 * file replacing kept (decision 0087), named `<date> <title> (earlier version, replaced <day>).<ext>`.
 * The files' stored objects are released by triggers when their documents go with the child.
 */
export function documentsAccountData(files: StoredFiles): AccountDataPart {
  return {
    feature: 'documents',
    kinds: [
      {
        name: 'documents',
        table: 'documents',
        orderBy: ['id'],
        omit: ['searchVector', 'contentText', 'fileObjectId', 'thumbnailObjectId'],
        authors: { createdBy: 'addedBy', fileAddedBy: 'fileAddedBy' },
      },
      {
        name: 'documentVersions',
        table: 'documentVersions',
        orderBy: ['id'],
        omit: ['fileObjectId'],
        authors: { addedBy: 'addedBy', replacedBy: 'replacedBy' },
      },
      { name: 'documentGoals', table: 'documentGoals', orderBy: ['documentId', 'goalId'] },
    ],
    async countFiles(db, account) {
      const childIds = account.children.map((child) => child.id);
      return (await countDocumentsOfChildren(db, childIds)) + (await countVersionsOfChildren(db, childIds));
    },
    async *files(db, account): AsyncGenerator<ExportFile> {
      const childIds = account.children.map((child) => child.id);
      for (let afterId = 0; ;) {
        const page = await documentFilesOfChildren(db, childIds, afterId, PAGE);
        for (const document of page) {
          const day = document.documentDate ?? document.createdAt.toISOString().slice(0, 10);
          yield {
            childId: document.childId,
            name: `${day} ${document.title}.${extensionFor(document.fileName, document.mediaType)}`,
            sizeBytes: document.sizeBytes,
            compress: document.mediaType === 'text/plain',
            modifiedAt: document.updatedAt,
            open: () => files.read(document.fileObjectId),
          };
        }
        if (page.length < PAGE) break;
        afterId = (page.at(-1) as { id: number }).id;
      }
      for (let afterId = 0; ;) {
        const page = await versionFilesOfChildren(db, childIds, afterId, PAGE);
        for (const version of page) {
          const day = version.documentDate ?? version.addedAt.toISOString().slice(0, 10);
          const replaced = version.replacedAt.toISOString().slice(0, 10);
          yield {
            childId: version.childId,
            name: `${day} ${version.title} (earlier version, replaced ${replaced}).${extensionFor(version.fileName, version.mediaType)}`,
            sizeBytes: version.sizeBytes,
            compress: version.mediaType === 'text/plain',
            modifiedAt: version.replacedAt,
            open: () => files.read(version.fileObjectId),
          };
        }
        if (page.length < PAGE) return;
        afterId = (page.at(-1) as { id: number }).id;
      }
    },
  };
}
