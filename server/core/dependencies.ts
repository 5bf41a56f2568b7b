import type { Logger } from '../lib/logger.ts';
import { MailUnavailableError, type Mailer } from './mail.ts';
import { FileStoreUnavailableError, type ObjectStore } from './storage/object-store.ts';

/** What /readyz says of one dependency; `setting` names the configuration to check. */
export type DependencyState = { status: 'ok' } | { status: 'not-configured' } | { status: 'unavailable'; reason: string; setting?: string };

/** A probe that has not answered by then counts as unavailable (a black-holed address never refuses). */
const PROBE_TIMEOUT_MS = 6_000;
/** How long /readyz waits for a new probe when it has an earlier answer to give instead. */
const WAIT_WITH_AN_ANSWER_MS = 700;
/** A good answer is reused this long, so a readiness poll every few seconds does not open an SMTP session each time. */
const OK_FOR_MS = { fileStore: 10_000, mail: 5 * 60_000 } as const;

type Name = keyof typeof OK_FOR_MS;
const WORDS: Record<Name, string> = { fileStore: 'file store', mail: 'mail' };

function stateOf(error: unknown): DependencyState {
  if (error instanceof FileStoreUnavailableError || error instanceof MailUnavailableError) {
    return { status: 'unavailable', reason: error.reason, ...(error.setting ? { setting: error.setting } : {}) };
  }
  return { status: 'unavailable', reason: 'the check failed unexpectedly' };
}

/** The original failure, for the log: its name, code and message (never a body or an address list). */
export function causeOf(error: unknown): { name?: string; code?: string; message?: string } {
  let cause: unknown = error;
  while (cause instanceof Error && (cause instanceof FileStoreUnavailableError || cause instanceof MailUnavailableError))
    cause = cause.cause;
  if (!(cause instanceof Error)) return { message: String(cause) };
  const code = (cause as { code?: unknown }).code;
  return { name: cause.name, ...(typeof code === 'string' ? { code } : {}), message: cause.message };
}

/**
 * The services besides the database that Trelli needs: the file store and mail. Each is probed at
 * start-up and on /readyz; a problem is logged (once per change) with the setting to check. They
 * never decide readiness: the database does, and a store may come up later (decision 0077).
 */
export function createDependencyChecks(deps: { fileStore: ObjectStore; mailer: Mailer; log: Logger }) {
  const { log } = deps;
  const probes: Record<Name, () => Promise<'ok' | 'not-configured'>> = {
    fileStore: async () => {
      await deps.fileStore.probe();
      return 'ok';
    },
    mail: () => deps.mailer.verify(),
  };
  const last: Partial<Record<Name, { state: DependencyState; at: number }>> = {};
  const inFlight: Partial<Record<Name, Promise<DependencyState>>> = {};

  async function probe(name: Name): Promise<DependencyState> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in time')), PROBE_TIMEOUT_MS);
    });
    let state: DependencyState;
    let failure: unknown;
    try {
      state = { status: await Promise.race([probes[name](), timeout]) };
    } catch (error) {
      failure = error;
      state =
        error instanceof Error && error.message === 'no answer in time'
          ? { status: 'unavailable', reason: 'no answer in time', setting: name === 'mail' ? 'SMTP_URL' : undefined }
          : stateOf(error);
    } finally {
      clearTimeout(timer);
    }
    const previous = last[name]?.state.status;
    if (state.status === 'unavailable' && previous !== 'unavailable') {
      const hint = state.setting ? `; check ${state.setting}` : '';
      log.warn(
        { dependency: name, setting: state.setting, reason: state.reason, cause: causeOf(failure) },
        `${WORDS[name]} cannot be used: ${state.reason}${hint}`,
      );
    } else if (state.status === 'ok' && previous === 'unavailable') {
      log.info({ dependency: name }, `${WORDS[name]} is reachable again`);
    }
    last[name] = { state, at: Date.now() };
    return state;
  }

  /**
   * The last answer while it is good and fresh. Otherwise a new probe (one at a time per dependency),
   * waited for only briefly when an earlier answer exists: a mail host that never answers must not
   * hold /readyz past a readiness probe's usual 1 s timeout.
   */
  async function check(name: Name): Promise<DependencyState> {
    const known = last[name];
    if (known && known.state.status !== 'unavailable' && Date.now() - known.at < OK_FOR_MS[name]) return known.state;
    const probing = (inFlight[name] ??= probe(name).finally(() => {
      delete inFlight[name];
    }));
    if (!known) return probing;
    let timer: NodeJS.Timeout | undefined;
    const stale = new Promise<DependencyState>((resolve) => {
      timer = setTimeout(() => resolve(known.state), WAIT_WITH_AN_ANSWER_MS);
    });
    try {
      return await Promise.race([probing, stale]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async report(): Promise<Record<Name, DependencyState>> {
      const [fileStore, mail] = await Promise.all([check('fileStore'), check('mail')]);
      return { fileStore, mail };
    },

    /** Something that used the dependency found it down: the next report probes again instead of reusing a good answer. */
    failed(name: Name): void {
      delete last[name];
    },
  };
}

export type DependencyChecks = ReturnType<typeof createDependencyChecks>;
