import autocannon, { type Result } from 'autocannon';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** Every response must carry exactly this body (a mismatch makes the run invalid). */
  expectBody?: string;
}

export interface LoadSummary {
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  averageMs: number;
  totalRequests: number;
  durationSeconds: number;
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  /** Why the run cannot be trusted; empty when every response was the expected 200. */
  problems: string[];
}

/** One bounded autocannon run; it stops by itself, and a watchdog stops it if it overruns. */
export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 10,
    headers: options.headers,
    expectBody: options.expectBody,
  });
  const watchdog = setTimeout(() => instance.stop(), (options.durationSeconds + 30) * 1000);
  let result: Result;
  try {
    result = await instance;
  } finally {
    clearTimeout(watchdog);
  }
  return summarize(result);
}

function summarize(result: Result): LoadSummary {
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]));
  const problems: string[] = [];
  const not200 = Object.entries(statusCodes).filter(([code, count]) => code !== '200' && count > 0);
  if (result.non2xx > 0 || not200.length > 0)
    problems.push(`non-200 responses: ${not200.map(([code, count]) => `${count}x ${code}`).join(', ') || result.non2xx}`);
  if (result.errors > 0) problems.push(`${result.errors} errors (${result.timeouts} timeouts)`);
  if (result.mismatches > 0) problems.push(`${result.mismatches} bodies differed from the checked response`);
  if (result['2xx'] === 0) problems.push('no successful responses');
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    averageMs: result.latency.average,
    totalRequests: result.requests.total,
    durationSeconds: result.duration,
    bytesPerSecond: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    statusCodes,
    problems,
  };
}
