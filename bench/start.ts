/**
 * Start time of the built server (`node dist/server/main.js`): from spawning the process until
 * GET /api/health answers 200, and the CPU time the process spent until then (the figure that
 * other load on the machine changes least). Cold = empty DATA_DIR (the build's database template
 * copied, or migrations, UN/LOCODE and ECB imports without one; demo data); warm = the same
 * DATA_DIR again.
 */
import { cpuMs, createBenchDatabase, mark, postgresAvailable, startServer, tempDir } from './support.ts';

const COLD_TARGET_S = 10;
const WARM_TARGET_S = 2;
const WARM_RUNS = 3;

/** Seconds until the first 200 of GET /api/health, and the process's CPU seconds until then. */
async function timeStart(env: Record<string, string>): Promise<{ s: number; cpu: number | null }> {
  const server = await startServer({ LOG_LEVEL: 'warn', ...env });
  const cpu = cpuMs(server.child.pid);
  await server.stop();
  return { s: server.startMs / 1000, cpu: cpu === null ? null : cpu / 1000 };
}

const median = (xs: { s: number; cpu: number | null }[]) => [...xs].sort((a, b) => a.s - b.s)[Math.floor(xs.length / 2)];
const runs = (xs: { s: number }[]) => `   (runs: ${xs.map((x) => x.s.toFixed(2)).join(', ')} s)`;

function line(label: string, { s, cpu }: { s: number; cpu: number | null }, target: number, extra = '') {
  console.log(`  ${label.padEnd(58)} ${s.toFixed(2).padStart(6)} s  CPU ${cpu === null ? '–' : cpu.toFixed(2).padStart(6)} s   target ≤ ${target} s: ${mark(s <= target)}${extra}`);
}

export async function startBench() {
  console.log('\n== Start of `node dist/server/main.js` until GET /api/health answers 200 ==');
  const dataDir = tempDir('fyn-bench-start-');
  const cold = await timeStart({ DATA_DIR: dataDir });
  const warm: { s: number; cpu: number | null }[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeStart({ DATA_DIR: dataDir }));
  console.log('Embedded PGlite (the default), developer mode with demo data:');
  line('cold, empty DATA_DIR (database template copied, demo data)', cold, COLD_TARGET_S);
  line(`warm restart, same DATA_DIR (median of ${WARM_RUNS})`, median(warm), WARM_TARGET_S, runs(warm));

  if (!(await postgresAvailable())) return console.log('PostgreSQL: not reachable (BENCH_PG_URL): skipped');
  const db = await createBenchDatabase();
  try {
    const env = { DATABASE_URL: db.url, DATA_DIR: tempDir('fyn-bench-start-pg-') };
    const pgCold = await timeStart(env);
    const pgWarm: { s: number; cpu: number | null }[] = [];
    for (let i = 0; i < WARM_RUNS; i++) pgWarm.push(await timeStart(env));
    console.log('PostgreSQL 15 (no demo data: DEMO_SEED defaults to off with DATABASE_URL):');
    line('cold, empty database (migrations, UN/LOCODE + ECB)', pgCold, COLD_TARGET_S);
    line(`warm restart, same database (median of ${WARM_RUNS})`, median(pgWarm), WARM_TARGET_S, runs(pgWarm));
  } finally {
    await db.drop();
  }
}
