import type { RequestHandler } from 'express';

/**
 * Counts requests whose handler has not answered yet. A client that hangs up does not end its
 * request's work: the handler goes on until it calls `res.end`, so that, not the socket, is the end.
 * Shutdown waits for this count to reach zero before closing the database.
 */
export function createInFlightTracker() {
  let active = 0;
  let waiters: (() => void)[] = [];

  const settle = () => {
    active -= 1;
    if (active === 0) {
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    }
  };

  const middleware: RequestHandler = (_req, res, next) => {
    active += 1;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    let ended = false;
    res.end = ((...args: unknown[]) => {
      if (!ended) {
        ended = true;
        settle();
      }
      return end(...args);
    }) as typeof res.end;
    next();
  };

  return {
    middleware,
    get active() {
      return active;
    },
    /** Resolves when no request is being handled. */
    idle(): Promise<void> {
      return active === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

export type InFlightTracker = ReturnType<typeof createInFlightTracker>;
