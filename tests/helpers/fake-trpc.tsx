import { QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { getQueryKey } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Child } from '#shared/schemas/child.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import { AuthSeamProvider, type AuthSeam } from '../../client/app/auth/auth-context.tsx';
import { ChildProvider } from '../../client/app/child-context.tsx';
import { httpStatusLink } from '../../client/app/trpc/http-status-link.ts';
import { trpc, type ClientRouter } from '../../client/app/trpc/trpc.ts';
import { ToastProvider } from '../../client/components/ui/toast.tsx';
import { TooltipProvider } from '../../client/components/ui/tooltip.tsx';
import { createAppQueryClient } from '../../client/lib/query-client.ts';
import { getSelectedChildId } from '../../client/lib/session-storage.ts';

export interface FakeOp {
  path: string;
  input: unknown;
}

/** A child as `children.list` answers it: Sam, 10, owned by the caller unless `overrides` say otherwise. */
export function childFixture(overrides: Partial<Child> = {}): Child {
  return {
    id: 1,
    firstName: 'Sam',
    lastName: null,
    dateOfBirth: '2016-04-02',
    ageYears: 10,
    grade: '4',
    school: null,
    pronouns: null,
    supportPlan: 'iep',
    planReviewDate: null,
    lastEvaluationDate: null,
    diagnoses: [],
    strengths: [],
    challenges: [],
    interests: [],
    notes: null,
    avatarColor: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    role: 'owner',
    sharedWithYou: false,
    ...overrides,
  };
}

const SIGNED_IN: AuthSeam = {
  provider: 'local',
  status: 'signed-in',
  user: {
    id: 'user_a',
    emailAddresses: [{ emailAddress: 'a@example.com' }],
    fullName: null,
    createdAt: new Date(0),
    publicMetadata: {},
    unsafeMetadata: {},
  },
  getToken: async () => 'aaa.bbb.ccc',
  signOut: async () => undefined,
  updateUnsafeMetadata: async () => undefined,
  refreshUser: async () => undefined,
  SignIn: () => null,
  SignUp: () => null,
};

export interface FakeTrpcOptions {
  links?: readonly TRPCLink<ClientRouter>[];
  /**
   * The signed-in person's role on the selected child: the content is rendered signed in, inside the
   * app's ChildProvider, and `children.list` answers one child (the selected id, else 1) with this
   * role, so screens show what the role allows. `child` overrides more of that child.
   */
  role?: ChildRole;
  child?: Partial<Child>;
}

/**
 * What a component test renders inside: the app's query client, toasts, tooltips and a router, over a fake
 * API with no network. `answer` gives each call's data, or a TRPCClientError to fail with; failures
 * pass through the app's httpStatusLink, so their messages read `404: ...` as in the browser.
 * `links` are more of the app's links (childIdLink...), run in order after httpStatusLink and before
 * the fake server, so `ops` records what they pass on and not what they stop.
 */
export function fakeTrpc(answer: (op: FakeOp) => unknown = () => [], { links = [], role, child }: FakeTrpcOptions = {}) {
  const ops: FakeOp[] = [];
  const listed = role ? [childFixture({ id: getSelectedChildId() ?? 1, ...child, role })] : null;
  const server: TRPCLink<ClientRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        ops.push({ path: op.path, input: op.input });
        const reply = listed && op.path === 'children.list' ? [...listed] : answer({ path: op.path, input: op.input });
        if (reply instanceof TRPCClientError) observer.error(reply);
        else {
          observer.next({ result: { type: 'data', data: reply } });
          observer.complete();
        }
      });
  const queryClient = createAppQueryClient();
  // Known from the first render, as in the app, where screens show once the list has answered.
  if (listed) queryClient.setQueryData(getQueryKey(trpc.children.list, undefined, 'query'), [...listed]);
  const client = trpc.createClient({ links: [httpStatusLink<ClientRouter>(), ...links, server] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <ToastProvider>
        <TooltipProvider>
          <trpc.Provider client={client} queryClient={queryClient}>
            <QueryClientProvider client={queryClient}>
              {listed ? (
                <AuthSeamProvider value={SIGNED_IN}>
                  <ChildProvider>{children}</ChildProvider>
                </AuthSeamProvider>
              ) : (
                children
              )}
            </QueryClientProvider>
          </trpc.Provider>
        </TooltipProvider>
      </ToastProvider>
    </MemoryRouter>
  );
  const calls = (path: string) => ops.filter((op) => op.path === path);
  /** The role `children.list` answers from now on, as when an owner changes it while the screen is open. */
  const setRole = (next: ChildRole) => {
    if (listed?.[0]) listed[0] = { ...listed[0], role: next };
  };
  return { ops, calls, wrapper, queryClient, setRole };
}

/** A failed call as the server sends it: its message, and the HTTP status in `data`. */
export function serverError(httpStatus: number, code: string, message: string, issues?: readonly { path: string; message: string }[]) {
  return TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus, ...(issues ? { issues } : {}) } } });
}
