import { QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { httpStatusLink } from '../../client/app/trpc/http-status-link.ts';
import { trpc, type ClientRouter } from '../../client/app/trpc/trpc.ts';
import { ToastProvider } from '../../client/components/ui/toast.tsx';
import { TooltipProvider } from '../../client/components/ui/tooltip.tsx';
import { createAppQueryClient } from '../../client/lib/query-client.ts';

export interface FakeOp {
  path: string;
  input: unknown;
}

/**
 * What a component test renders inside: the app's query client, toasts, tooltips and a router, over a fake
 * API with no network. `answer` gives each call's data, or a TRPCClientError to fail with; failures
 * pass through the app's httpStatusLink, so their messages read `404: ...` as in the browser.
 * `links` are more of the app's links (childIdLink...), run in order after httpStatusLink and before
 * the fake server, so `ops` records what they pass on and not what they stop.
 */
export function fakeTrpc(answer: (op: FakeOp) => unknown = () => [], { links = [] }: { links?: readonly TRPCLink<ClientRouter>[] } = {}) {
  const ops: FakeOp[] = [];
  const server: TRPCLink<ClientRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        ops.push({ path: op.path, input: op.input });
        const reply = answer({ path: op.path, input: op.input });
        if (reply instanceof TRPCClientError) observer.error(reply);
        else {
          observer.next({ result: { type: 'data', data: reply } });
          observer.complete();
        }
      });
  const queryClient = createAppQueryClient();
  const client = trpc.createClient({ links: [httpStatusLink<ClientRouter>(), ...links, server] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <ToastProvider>
        <TooltipProvider>
          <trpc.Provider client={client} queryClient={queryClient}>
            <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
          </trpc.Provider>
        </TooltipProvider>
      </ToastProvider>
    </MemoryRouter>
  );
  const calls = (path: string) => ops.filter((op) => op.path === path);
  return { ops, calls, wrapper, queryClient };
}

/** A failed call as the server sends it: its message, and the HTTP status in `data`. */
export function serverError(httpStatus: number, code: string, message: string, issues?: readonly { path: string; message: string }[]) {
  return TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus, ...(issues ? { issues } : {}) } } });
}
