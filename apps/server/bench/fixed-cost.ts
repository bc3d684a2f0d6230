import { startChild } from './child.ts';
import { postJson } from './http.ts';
import { alternating, type Timing, timingOf } from './stats.ts';

/** The ladder of `probe-server.ts`, each step one stage more than the one before. */
export const stages = [
  { name: 'bare', label: 'bare Fastify route' },
  { name: 'app', label: '+ the product app (security headers, hooks)' },
  { name: 'session-db', label: '+ session row read from the database (without memory, for comparison)' },
  { name: 'session', label: '+ session look-up (kept in memory, counter read), allow-list' },
  { name: 'input', label: '+ input validation' },
  { name: 'output', label: '+ answer written by the serializer built from its schema' },
  { name: 'full', label: 'the product route (defineRoute as the list registers it: all of it)' },
] as const;
export type StageName = (typeof stages)[number]['name'];

export interface FixedCost {
  stages: { name: StageName; label: string; timing: Timing }[];
  /** Median of the product route minus median of the bare route, in ms. */
  above: number;
}

/**
 * Start the probe server on the data set, then send `rounds` rounds of one request to every stage
 * in turn — the same client, interleaved, so every stage sees the same moment of a busy machine —
 * and answer each stage's timing.
 */
export const fixedCost = async (
  env: Record<string, string>,
  port: number,
  token: string,
  rounds: number,
): Promise<FixedCost> => {
  const probe = await startChild('probe-server.ts', [String(port)], env, 'probe listening');
  try {
    const body = JSON.stringify({ limit: 10 });
    const headers = { authorization: `Bearer ${token}` };
    const urlOf = (name: StageName) =>
      `http://127.0.0.1:${name === 'bare' ? port : port + 1}${name === 'full' ? '/api/v1' : ''}/probe/17/${name}`;
    const call = async (name: StageName) => {
      const res = (await postJson(urlOf(name), headers, body)) as { status?: number };
      if (res.status !== 1000) throw new Error(`probe ${name}: ${JSON.stringify(res).slice(0, 200)}`);
    };
    const calls = stages.map((s) => () => call(s.name));
    const timings = await alternating(rounds, calls, Math.min(200, rounds));
    const out = stages.map((s, i) => ({ ...s, timing: timings[i] ?? timingOf([]) }));
    const median = (name: StageName) => out.find((s) => s.name === name)?.timing.median ?? Number.NaN;
    return { stages: out, above: median('full') - median('bare') };
  } finally {
    probe.stop();
  }
};
