import { z } from 'zod';

/** GET /api/feature-flags and `featureFlags.get`: every flag the server knows, merged over the SPEC's defaults. */
export const featureFlagsResponseSchema = z.object({ flags: z.record(z.string(), z.boolean()) });

export const AUTH_PROVIDERS = ['clerk', 'local'] as const;

/** GET /api/clerk-config and `config.auth`: which sign-in the app uses. */
export const authConfigSchema = z.object({
  provider: z.enum(AUTH_PROVIDERS),
  /** Clerk's publishable key; null with built-in accounts. */
  publishableKey: z.string().nullable(),
  /** Host of APP_ORIGIN: the post-auth router sends visitors on this host straight to /app. */
  productionHost: z.string().nullable(),
});

/** GET /api/clerk-config as the SPEC shapes it: the publishable key, or null and provider "local" with built-in accounts. */
export const clerkConfigSchema = z.object({ publishableKey: z.string().nullable(), provider: z.literal('local').optional() });

export type FeatureFlagsResponse = z.infer<typeof featureFlagsResponseSchema>;
export type AuthConfig = z.infer<typeof authConfigSchema>;
export type ClerkConfig = z.infer<typeof clerkConfigSchema>;
