/**
 * The AI's built-in engine on the enquiry e-mails written for it (src/server/modules/ai/testdata):
 * field-level precision and recall, and the time it takes per e-mail with the product's location
 * search (PGlite, reference data imported as at a first start). Improve the rules, never the data.
 */
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { importReferenceData } from '../src/server/modules/reference-data.ts';
import { evaluate, readEnquiries } from '../src/server/modules/ai/builtin/evaluate.ts';
import { tempDir } from './support.ts';

export async function aiBench() {
  console.log('\n== AI built-in engine: quote drafts from the test enquiries (fields filled right / filled, right / expected) ==');
  const enquiries = readEnquiries();
  const dir = tempDir('fyn-bench-ai-');
  const database = await openDatabase({ dataDir: join(dir, 'db') });
  try {
    await database.migrate();
    await importReferenceData(database);
    const r = await evaluate(database, enquiries);
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    console.log(`${enquiries.length} e-mails in ${new Set(enquiries.map((e) => e.lang)).size} languages (${[...new Set(enquiries.map((e) => e.lang))].join(', ')}); ${(r.ms / enquiries.length).toFixed(1)} ms an e-mail`);
    console.log('field              precision   recall   (right / filled / expected)');
    for (const f of r.fields) console.log(`${f.field.padEnd(18)} ${pct(f.precision).padStart(9)} ${pct(f.recall).padStart(8)}   (${f.tp} / ${f.tp + f.fp} / ${f.tp + f.fn})`);
    console.log(`${'all fields'.padEnd(18)} ${pct(r.overall.precision).padStart(9)} ${pct(r.overall.recall).padStart(8)}`);
    console.log(`misses: ${r.misses.map((m) => `${m.id} ${m.field} ${m.expected ?? '–'} ≠ ${m.got ?? '–'}`).join('; ')}`);
  } finally {
    await database.close();
  }
}
