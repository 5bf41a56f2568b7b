import { clerkMiddleware, createClerkClient, getAuth } from '@clerk/express';
import type { Request } from 'express';
import type { Db } from '../db/database.ts';
import type { Logger } from '../lib/logger.ts';
import type { AuthProvider, ChildCountMetadata } from './auth-provider.ts';
import { insertExternalUser, lockUser } from './users.repository.ts';

export interface ClerkSettings {
  publishableKey: string;
  secretKey: string;
  jwtKey: string | undefined;
  /** Origins allowed as the token's `azp` (authorized party). */
  authorizedParties: string[];
}

/** The Frontend API host a publishable key names: `pk_test_` + base64("<host>$"). */
export function frontendApiHost(publishableKey: string): string | null {
  const encoded = publishableKey.replace(/^pk_(test|live)_/, '');
  try {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    return decoded.endsWith('$') && /^[a-z0-9.-]+$/i.test(decoded.slice(0, -1)) ? decoded.slice(0, -1) : null;
  } catch {
    return null;
  }
}

export function createClerkAuthProvider(settings: ClerkSettings, log: Logger): AuthProvider {
  const clerkClient = createClerkClient({
    secretKey: settings.secretKey,
    publishableKey: settings.publishableKey,
    jwtKey: settings.jwtKey,
  });
  const host = frontendApiHost(settings.publishableKey);
  const frontendApi = host ? [`https://${host}`] : [];
  return {
    kind: 'clerk',
    publishableKey: settings.publishableKey,
    contentSecurity: {
      scriptSrc: [...frontendApi, 'https://challenges.cloudflare.com'],
      connectSrc: [...frontendApi, 'https://clerk-telemetry.com'],
      imgSrc: ['https://img.clerk.com'],
      frameSrc: ['https://challenges.cloudflare.com'],
    },
    middleware: [
      clerkMiddleware({
        clerkClient,
        secretKey: settings.secretKey,
        publishableKey: settings.publishableKey,
        jwtKey: settings.jwtKey,
        authorizedParties: settings.authorizedParties.length > 0 ? settings.authorizedParties : undefined,
      }),
    ],
    async userId(req: Request) {
      return getAuth(req).userId ?? null;
    },
    async lockAccount(trx: Db, userId: string) {
      // Clerk vouches for the account; the row only gives its children an owner to reference.
      await insertExternalUser(trx, userId);
      return lockUser(trx, userId);
    },
    async writeMetadataInTransaction() {},
    async writeMetadataAfterCommit(userId: string, metadata: ChildCountMetadata) {
      try {
        await clerkClient.users.updateUserMetadata(userId, { publicMetadata: { ...metadata } });
      } catch (error) {
        // Clerk's errors keep their detail in `status` and `errors`, not in `message`.
        const { status, errors } = (error ?? {}) as { status?: unknown; errors?: { code?: string; message?: string }[] };
        log.warn(
          {
            userId,
            status,
            errors: errors?.map(({ code, message }) => ({ code, message })),
            err: error instanceof Error ? error.message : String(error),
          },
          'clerk metadata update failed',
        );
      }
    },
  };
}
