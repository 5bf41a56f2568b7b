import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on a free loopback port, prints `{"listening":"http://127.0.0.1:<port>"}` for bench/lib/process.ts,
 * and on SIGTERM or SIGINT closes its connections, runs `onClose` and exits.
 */
export function serveTarget(server: Server, onClose: () => Promise<unknown> = async () => {}): void {
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ listening: `http://127.0.0.1:${port}` })}\n`);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.closeAllConnections();
      server.close(() => {
        void onClose().then(() => process.exit(0));
      });
    });
  }
}
