// Lighthouse through its Node API, default config (mobile: Moto G Power viewport, simulated slow 4G
// and 4x CPU slowdown), Debian Chromium launched by chrome-launcher (which ships with Lighthouse).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from './web-js.ts';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUN_TIMEOUT_MS = 120_000;

export interface LighthouseRun {
  url: string;
  lighthouseVersion: string;
  formFactor: string;
  benchmarkIndex: number | null;
  /** 0-100, null when Lighthouse could not score the category. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  /** Audits below 1 in accessibility (any) and performance (scored ones), to say why a goal is missed. */
  failing: { category: string; id: string; title: string; displayValue: string | null }[];
  runtimeError: string | null;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One Lighthouse run in its own Chromium (a clean profile each time). */
export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await withTimeout(
      lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }),
      RUN_TIMEOUT_MS,
      `Lighthouse on ${url}`,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const numeric = (id: string): number | null => {
      const value = lhr.audits[id]?.numericValue;
      return typeof value === 'number' ? value : null;
    };
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => {
        const score = lhr.categories[id]?.score;
        return [id, typeof score === 'number' ? Math.round(score * 100) : null];
      }),
    ) as LighthouseRun['scores'];
    const failing: LighthouseRun['failing'] = [];
    for (const id of ['accessibility', 'performance'] as const) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        if (id === 'performance' && ref.weight === 0) continue;
        failing.push({ category: id, id: ref.id, title: audit.title, displayValue: audit.displayValue ?? null });
      }
    }
    return {
      url,
      lighthouseVersion: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
      scores,
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: numeric('first-contentful-paint'),
      failing,
      runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    };
  } finally {
    chrome.kill();
  }
}

/** The run with the median performance score (ties: the median LCP), so every figure comes from one run. */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  if (runs.length === 0) throw new Error('no Lighthouse runs');
  const sorted = [...runs].sort(
    (a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1) || (b.lcpMs ?? Infinity) - (a.lcpMs ?? Infinity),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseRun;
}
