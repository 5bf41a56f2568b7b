import type { RequestHandler, Response } from 'express';

/**
 * Counts requests whose handler has not answered yet. A client that hangs up does not end its
 * request's work: the handler goes on until it calls `res.end`, so that, not the socket, is the end.
 * Shutdown waits for this count to reach zero before closing the database.
 */
export function createInFlightTracker() {
  const active = new Set<Response>();
  let waiters: (() => void)[] = [];
  let draining = false;

  // The socket closes once this answer is sent, so a kept-alive client stops sending requests on it.
  const closeAfterAnswer = (res: Response) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };

  const settle = (res: Response) => {
    active.delete(res);
    if (active.size === 0) {
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    }
  };

  const middleware: RequestHandler = (_req, res, next) => {
    active.add(res);
    if (draining) closeAfterAnswer(res);
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    let ended = false;
    res.end = ((...args: unknown[]) => {
      if (!ended) {
        ended = true;
        settle(res);
      }
      return end(...args);
    }) as typeof res.end;
    next();
  };

  return {
    middleware,
    get active() {
      return active.size;
    },
    /** Shutdown: every answer not yet sent, and every later one, says `Connection: close`. */
    drain(): void {
      draining = true;
      for (const res of active) closeAfterAnswer(res);
    },
    /** Resolves when no request is being handled. */
    idle(): Promise<void> {
      return active.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

export type InFlightTracker = ReturnType<typeof createInFlightTracker>;
