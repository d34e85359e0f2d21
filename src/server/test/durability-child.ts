// Child process of the durability test: commits numbered rows to an embedded database and prints
// each number once its COMMIT has returned. The parent kills it with SIGKILL at a random moment.
import { openDatabase } from '../db/client.ts';

const dir = process.argv[2];
const database = await openDatabase({ dataDir: dir });
await database.query('create table if not exists durability_probe (n int primary key, payload text not null)');
const [{ start }] = await database.query<{ start: number }>('select coalesce(max(n), 0)::int as start from durability_probe');
process.stdout.write(`ready ${start}\n`);
for (let n = start + 1; ; n++) {
  await database.query('insert into durability_probe (n, payload) values ($1, $2)', [n, 'x'.repeat(200)]);
  process.stdout.write(`committed ${n}\n`);
}
