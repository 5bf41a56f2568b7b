/**
 * The bridge between the auth provider (client/app/auth) and the request helpers: the provider
 * registers how to get a bearer token, the helpers ask for one. Kept here so client/lib never
 * imports the app or a provider SDK.
 */
export type TokenGetter = () => Promise<string | null>;

let getter: TokenGetter | null = null;

/** Registers the signed-in provider's `getToken`; returns a function that unregisters it. */
export function setTokenGetter(next: TokenGetter | null): () => void {
  getter = next;
  return () => {
    if (getter === next) getter = null;
  };
}

/**
 * A bearer token for the API, or null when nobody is signed in. A provider failure (for example a
 * domain or origin error from Clerk) propagates, so callers such as post-auth can tell it apart.
 */
export async function getAuthToken(): Promise<string | null> {
  if (!getter) return null;
  return getter();
}
