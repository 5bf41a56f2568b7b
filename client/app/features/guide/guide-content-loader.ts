import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { GuideArticleBody } from '#shared/guide.ts';

/*
 * The articles' text (virtual:guide-content) is a chunk of its own, loaded after the index (decision
 * 0067): the guide opens with titles and summaries at once, and the text follows for reading and
 * full-text search. Once loaded it stays in memory for the rest of the visit, so both keep working
 * offline.
 */

export type GuideContent = Record<string, GuideArticleBody>;

export interface GuideContentLoader {
  /** Starts the load, or joins the one under way; resolves with the content once it is here. */
  load(): Promise<GuideContent>;
  /** The content once it has loaded, else null. */
  current(): GuideContent | null;
  subscribe(onChange: () => void): () => void;
}

/** A loader over `importContent`: one call at a time, the answer kept, a failure forgotten so the next call tries again. */
export function createGuideContentLoader(importContent: () => Promise<{ default: GuideContent }>): GuideContentLoader {
  let loaded: GuideContent | null = null;
  let pending: Promise<GuideContent> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      if (loaded) return Promise.resolve(loaded);
      pending ??= importContent()
        .then((module) => {
          loaded = module.default;
          for (const listener of listeners) listener();
          return module.default;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    current: () => loaded,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

/** The app's one loader: the dynamic import keeps the text out of the guide's first chunk. */
export const guideContentLoader = createGuideContentLoader(() => import('virtual:guide-content'));

export type GuideContentState =
  | { status: 'loading'; content: null; retry(): void }
  | { status: 'ready'; content: GuideContent; retry(): void }
  | { status: 'failed'; content: null; retry(): void };

/**
 * The articles' text for a screen of the guide: loading starts when the screen mounts; a failure
 * (offline before it ever loaded) can be retried, and is retried by itself when the browser comes
 * back online.
 */
export function useGuideContent(loader: GuideContentLoader = guideContentLoader): GuideContentState {
  const content = useSyncExternalStore(loader.subscribe, loader.current, loader.current);
  const [failed, setFailed] = useState(false);

  const start = useCallback(() => {
    loader.load().catch(() => setFailed(true));
  }, [loader]);
  const retry = useCallback(() => {
    setFailed(false);
    start();
  }, [start]);

  useEffect(() => {
    if (!loader.current()) start();
  }, [loader, start]);

  // Back online after a failure: try again by itself. A failure while online waits for the button.
  useEffect(() => {
    if (!failed) return undefined;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);

  if (content) return { status: 'ready', content, retry };
  return failed ? { status: 'failed', content: null, retry } : { status: 'loading', content: null, retry };
}
