// Figures shared by the server benchmarks: percentiles, millisecond formatting, the machine's load, and a clock
// every process of a bench shares.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';

/**
 * Milliseconds of the system-wide monotonic clock (CLOCK_MONOTONIC via process.hrtime), which every process on the
 * machine shares: a time taken in one process can be subtracted from a time taken in another.
 */
export const mono = (): number => Number(process.hrtime.bigint()) / 1e6;

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of ascending values (NaN when there are none). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function stats(values: readonly number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN,
  };
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** "p50 … p99 … max …" (with p95 when asked). */
export const line = (s: Stats, withP95 = false): string =>
  `p50 ${ms(s.p50)}${withP95 ? `  p95 ${ms(s.p95)}` : ''}  p99 ${ms(s.p99)}  max ${ms(s.max)}`;

/** "1 instance", "2 instances". */
export const instances = (n: number): string => `${n} instance${n === 1 ? '' : 's'}`;

export const loadAverage = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** The output of `uptime` (falls back to the load average where there is no such command). */
export function uptime(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${loadAverage()}`;
  }
}
