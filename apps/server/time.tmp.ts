import { openDatabase } from './src/db/client.ts';
import { ingestBatch } from './src/ledger/ingest-batch.ts';
const url = process.argv[2] as string;
const d = await openDatabase({ kind: 'postgres', url });
const now = new Date('2026-11-10T05:00:00Z');
const times: number[] = [];
for (let b = 0; b < 60; b++) {
  const items = Array.from({ length: 100 }, (_, i) => ({ betId: `${process.argv[3]}-${b}-${i}`, betType: 'HOLD' as const, betTypeFromGame: 'bet', gameBrand: 'PG', gameCode: `g${i % 7}`, username: `player${i % 20}`, amount: -10, startDate: new Date(now.getTime() - i * 60000).toISOString() }));
  const t0 = performance.now();
  await ingestBatch(d.db, { id: 7n, prefix: 'dm7' }, items as never, 'Asia/Bangkok', now, { ip: '127.0.0.1' });
  if (b >= 10) times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(url, 'median', times[Math.floor(times.length / 2)]?.toFixed(1), 'p90', times[Math.floor(times.length * 0.9)]?.toFixed(1));
await d.close();
