/**
 * Start time of the built server (`node dist/server/main.js`): from spawning the process until
 * GET /api/health answers 200. Cold = empty DATA_DIR (migrations, UN/LOCODE and ECB imports, demo
 * data); warm = the same DATA_DIR again.
 */
import { createBenchDatabase, mark, postgresAvailable, startServer, tempDir } from './support.ts';

const COLD_TARGET_S = 10;
const WARM_TARGET_S = 2;
const WARM_RUNS = 3;

async function timeStart(env: Record<string, string>): Promise<number> {
  const server = await startServer({ LOG_LEVEL: 'warn', ...env });
  await server.stop();
  return server.startMs / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function line(label: string, seconds: number, target: number, extra = '') {
  console.log(`  ${label.padEnd(58)} ${seconds.toFixed(2).padStart(6)} s   target ≤ ${target} s: ${mark(seconds <= target)}${extra}`);
}

export async function startBench() {
  console.log('\n== Start of `node dist/server/main.js` until GET /api/health answers 200 ==');
  const dataDir = tempDir('fyn-bench-start-');
  const cold = await timeStart({ DATA_DIR: dataDir });
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeStart({ DATA_DIR: dataDir }));
  console.log('Embedded PGlite (the default), developer mode with demo data:');
  line('cold, empty DATA_DIR (migrations, UN/LOCODE + ECB, demo data)', cold, COLD_TARGET_S);
  line(`warm restart, same DATA_DIR (median of ${WARM_RUNS})`, median(warm), WARM_TARGET_S, `   (runs: ${warm.map((s) => s.toFixed(2)).join(', ')} s)`);

  if (!(await postgresAvailable())) return console.log('PostgreSQL: not reachable (BENCH_PG_URL): skipped');
  const db = await createBenchDatabase();
  try {
    const env = { DATABASE_URL: db.url, DATA_DIR: tempDir('fyn-bench-start-pg-') };
    const pgCold = await timeStart(env);
    const pgWarm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) pgWarm.push(await timeStart(env));
    console.log('PostgreSQL 15 (no demo data: DEMO_SEED defaults to off with DATABASE_URL):');
    line('cold, empty database (migrations, UN/LOCODE + ECB)', pgCold, COLD_TARGET_S);
    line(`warm restart, same database (median of ${WARM_RUNS})`, median(pgWarm), WARM_TARGET_S, `   (runs: ${pgWarm.map((s) => s.toFixed(2)).join(', ')} s)`);
  } finally {
    await db.drop();
  }
}
