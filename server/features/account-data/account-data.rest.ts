import { pipeline } from 'node:stream/promises';
import { create as contentDisposition } from 'content-disposition';
import { accountDeletedSchema, accountDeleteSchema, accountExportSchema } from '#shared/schemas/account-data.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';

const bodies = named({
  AccountExport: accountExportSchema,
  AccountDelete: accountDeleteSchema,
  AccountDeleted: accountDeletedSchema,
});
const tag = { name: 'Accounts', description: 'Built-in accounts (absent when the server signs in through Clerk)' };

const exportId = { id: 'The export\u2019s id' };

/** "Download my data" and "Delete my account" over REST (decisions 0053, 0054). */
export function accountDataOperations(services: Services): RestOperation[] {
  const { accountData } = services;
  return [
    operation({
      operationId: 'startExport',
      method: 'post',
      path: '/api/exports',
      tag,
      summary: 'Start exporting everything you own (your account and your children\u2019s records and documents) as one ZIP',
      description:
        'Builds the ZIP in the background: poll `GET /api/exports/{id}` for `status` and `progress`, then download it within 24 hours. A new export replaces the previous one; while one is queued or running, this answers that one (200).',
      security: 'bearer',
      child: false,
      success: [
        { status: 201, description: 'A new export, queued', body: bodies.AccountExport },
        { status: 200, description: 'The export already queued or running', body: bodies.AccountExport },
      ],
      handle: async ({ res, userId }) => {
        const started = await accountData.startExport(userId);
        res.status(started.created ? 201 : 200).json(started.export);
      },
    }),
    operation({
      operationId: 'listExports',
      method: 'get',
      path: '/api/exports',
      tag,
      summary: 'Your current export, if any (an expired one is gone)',
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'At most one export', body: bodies.AccountExport, list: true }],
      handle: ({ userId }) => accountData.listExports(userId),
    }),
    operation({
      operationId: 'getExport',
      method: 'get',
      path: '/api/exports/{id}',
      tag,
      summary: 'An export\u2019s status and progress',
      security: 'bearer',
      child: false,
      ids: exportId,
      success: [{ status: 200, description: 'The export', body: bodies.AccountExport }],
      handle: ({ userId, ids }) => accountData.exportById(userId, ids.id),
    }),
    operation({
      operationId: 'downloadExport',
      method: 'get',
      path: '/api/exports/{id}/download',
      tag,
      summary: 'The export\u2019s ZIP, while it is ready (24 hours)',
      description:
        'data.json, one CSV per kind of record, and the documents under `documents/<child>/`. 404 once expired or replaced, and once withdrawn (`status: withdrawn`: a child or a document it held was deleted; the message says so).',
      security: 'bearer',
      child: false,
      ids: exportId,
      success: [{ status: 200, description: 'The ZIP', file: ['application/zip'] }],
      handle: async ({ res, userId, ids }) => {
        const zip = await accountData.openDownload(userId, ids.id);
        res.status(200);
        res.setHeader('Content-Type', 'application/zip');
        res.setHeader('Content-Disposition', contentDisposition(zip.fileName, { type: 'attachment' }));
        res.setHeader('Content-Length', String(zip.sizeBytes));
        res.setHeader('Cache-Control', 'private, no-store, no-transform');
        // A stream that fails half-way ends the connection: the client sees a short body, never wrong bytes.
        await pipeline(zip.body, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
      },
    }),
    operation({
      operationId: 'deleteAccount',
      method: 'delete',
      path: '/api/account',
      tag,
      summary: 'Delete your account and everything it owns, for good',
      description:
        'Removes your children and every record and document about them, your exports, your sessions and your access to other families\u2019 children. Send `{"confirm": "DELETE"}`. Afterwards your tokens answer 401 and, with built-in accounts, signing in fails.',
      security: 'bearer',
      child: false,
      body: bodies.AccountDelete,
      errors: { 413: 'The body is over 1 MB' },
      success: [{ status: 200, description: 'Deleted', body: bodies.AccountDeleted }],
      handle: ({ userId, body }) => accountData.deleteAccount(userId, body),
    }),
  ];
}
