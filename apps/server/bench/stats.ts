/** Timing figures of repeated runs. */
export interface Timing {
  runs: number;
  median: number;
  p95: number;
  p99: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;

export const timingOf = (samples: number[]): Timing => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
  };
};

/** Run `fn` `warmup` times unmeasured, then `runs` times; answers the timing in milliseconds. */
export const measure = async (runs: number, fn: () => Promise<unknown>, warmup = 3): Promise<Timing> => {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return timingOf(samples);
};

/**
 * Calls timed in alternation, one of each in turn (so all see the same moment of a busy machine):
 * `warmup` rounds unmeasured, then `runs` rounds; one timing per call.
 */
export const alternating = async (runs: number, calls: (() => Promise<unknown>)[], warmup = 3) => {
  const samples = calls.map((): number[] => []);
  for (let round = -warmup; round < runs; round++) {
    for (const [i, call] of calls.entries()) {
      const started = performance.now();
      await call();
      if (round >= 0) samples[i]?.push(performance.now() - started);
    }
  }
  return samples.map(timingOf);
};
