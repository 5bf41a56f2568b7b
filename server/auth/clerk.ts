import { clerkMiddleware, createClerkClient, getAuth } from '@clerk/express';
import type { Request } from 'express';
import type { Db } from '../db/database.ts';
import type { Logger } from '../lib/logger.ts';
import type { AuthProvider, ChildCountMetadata } from './auth-provider.ts';
import { deleteUser, insertExternalUser, lockUser } from './users.repository.ts';

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
  const provider: AuthProvider = {
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
      await updateMetadata(userId, { ...metadata }, 'clerk metadata update failed');
    },
    deleteAccount: deleteUser,
    async afterAccountDeleted(userId: string) {
      // The Clerk user stays Clerk's (its own profile screen deletes it); what Trelli wrote on it goes.
      await updateMetadata(
        userId,
        { childCount: null, hasCompletedOnboarding: null },
        'clerk metadata removal after account deletion failed',
      );
    },
  };
  return provider;

  /** Merges into the Clerk user's public metadata (a key set to null is removed); best effort, logged. */
  async function updateMetadata(userId: string, publicMetadata: Record<string, unknown>, failure: string): Promise<void> {
    try {
      await clerkClient.users.updateUserMetadata(userId, { publicMetadata });
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
        failure,
      );
    }
  }
}
