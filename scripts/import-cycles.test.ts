import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles.ts';

const root = join(import.meta.dirname, '..');

describe('import circles', () => {
  it('there is none under src: what two modules both need lives in a leaf of both', () => {
    expect(importCycles(root)).toEqual([]);
  });

  const scratch = mkdtempSync(join(tmpdir(), 'fyn-cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds a circle through relative imports, aliases, `import type` and `import()`, and leaves packages out', () => {
    mkdirSync(join(scratch, 'src/shared'), { recursive: true });
    mkdirSync(join(scratch, 'src/web'), { recursive: true });
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ imports: { '#shared/*': './src/shared/*' } }));
    const files: Record<string, string> = {
      'src/web/a.ts': "import { b } from './b.tsx';\nimport { z } from 'zod';\nexport const a = b + String(z);",
      'src/web/b.tsx': "import type { C } from '#shared/c.ts';\nexport const b: C = 1;",
      'src/shared/c.ts': "export type C = number;\nexport const load = () => import('../web/a.ts');",
      'src/web/leaf.ts': "import { a } from './a.ts';\nexport const leaf = a;",
      'src/web/self.ts': "export * from './self.ts';",
    };
    for (const [path, text] of Object.entries(files)) writeFileSync(join(scratch, path), text);
    expect(importCycles(scratch)).toEqual([
      ['src/shared/c.ts', 'src/web/a.ts', 'src/web/b.tsx'],
      ['src/web/self.ts'],
    ]);
  });
});
