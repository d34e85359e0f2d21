import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';

/**
 * The attack suite's figures. Each test file (one vitest worker each) appends its own as one JSON
 * line to a file that the global setup names; the global setup's teardown adds them up and prints
 * one block at the end of the run (src/server/test/global-setup.ts).
 */
export type Figures = {
  file: string;
  seed?: number;
  /** Operation keys of the OpenAPI document, and those each part exercised. */
  documented?: string[];
  matrixOperations?: string[];
  fuzzOperations?: string[];
  matrixCells?: number;
  matrixSkipped?: number;
  fuzzRequests?: number;
  fuzzAccepted?: number;
  fuzzRejected?: number;
  /** Inputs generated to break the schema that the server accepted anyway (a note, not a failure). */
  invalidAccepted?: number;
  batchesCompared?: number;
  requests?: number;
  serverErrors?: number;
  changedOnRejection?: number;
  escalationAttempts?: number;
  escalationRefused?: number;
  allowedPathsChecked?: number;
  /** identity.test.ts: streams ended with their session, member fields given a deactivated member, owner's calls judged for others' accounts. */
  streamsEnded?: number;
  memberFieldsChecked?: number;
  accountCallsChecked?: number;
  /** Requests sent with their operation's path spelt otherwise (encoded letters, `//`, dot segments, case) and refused. */
  encodedPathsSent?: number;
  encodedPathsRefused?: number;
  /** Id-shaped body fields (nested too) given another organisation's record, and the requests doing it that were refused. */
  foreignIdFields?: number;
  foreignIdRequests?: number;
  foreignIdRefused?: number;
  /** Export operations (CSV/XLSX) fed a formula-shaped value, and cells checked neutralised. */
  exportsChecked?: number;
  exportCellsChecked?: number;
  /** Spreadsheet imports sent archives that lie about their sizes, and refused. */
  lyingArchivesSent?: number;
  lyingArchivesRefused?: number;
  ms?: number;
};

const NUMBERS = [
  'matrixCells', 'matrixSkipped', 'fuzzRequests', 'fuzzAccepted', 'fuzzRejected', 'invalidAccepted', 'batchesCompared', 'requests',
  'serverErrors', 'changedOnRejection', 'escalationAttempts', 'escalationRefused', 'allowedPathsChecked',
  'streamsEnded', 'memberFieldsChecked', 'accountCallsChecked', 'encodedPathsSent', 'encodedPathsRefused', 'foreignIdFields', 'foreignIdRequests',
  'foreignIdRefused', 'exportsChecked', 'exportCellsChecked', 'lyingArchivesSent', 'lyingArchivesRefused',
] as const;

export function recordFigures(path: string, figures: Figures): void {
  if (path) appendFileSync(path, JSON.stringify(figures) + '\n');
}

/** The block printed at the end of the run, or null when no attack file ran. */
export function figuresBlock(path: string): string | null {
  if (!path || !existsSync(path)) return null;
  const parts = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Figures);
  rmSync(path, { force: true });
  if (!parts.length) return null;
  const sum = Object.fromEntries(NUMBERS.map((k) => [k, parts.reduce((s, p) => s + (p[k] ?? 0), 0)])) as Record<(typeof NUMBERS)[number], number>;
  const union = (k: 'documented' | 'matrixOperations' | 'fuzzOperations') => new Set(parts.flatMap((p) => p[k] ?? []));
  const documented = union('documented');
  const covered = new Set([...union('matrixOperations'), ...union('fuzzOperations')]);
  const seeds = [...new Set(parts.map((p) => p.seed).filter((s) => s !== undefined))];
  const pad = (label: string) => label.padEnd(38, ' ');
  const lines = [
    '┌─ attack suite (src/server/test/attack) ─────────────────────────',
    `${pad('files')}${parts.map((p) => `${p.file} ${((p.ms ?? 0) / 1000).toFixed(1)} s`).join(', ')}`,
    `${pad('fuzz seed (FUZZ_SEED to replay)')}${seeds.join(', ') || '-'}`,
    `${pad('operations covered')}${covered.size} of ${documented.size} documented (matrix ${union('matrixOperations').size}, fuzz ${union('fuzzOperations').size})`,
    `${pad('matrix cells checked')}${sum.matrixCells} (${sum.matrixSkipped} skipped: the declared access lets that caller in)`,
    `${pad('fuzz requests sent')}${sum.fuzzRequests} (${sum.fuzzAccepted} accepted, ${sum.fuzzRejected} rejected; ${sum.batchesCompared} rejected batches compared table by table)`,
    `${pad('schema-breaking inputs accepted')}${sum.invalidAccepted}`,
    `${pad('5xx answers')}${sum.serverErrors} of ${sum.requests} requests`,
    `${pad('rejected writes that changed data')}${sum.changedOnRejection}`,
    `${pad('escalation attempts refused')}${sum.escalationRefused} of ${sum.escalationAttempts} (and ${sum.allowedPathsChecked} allowed paths that still work)`,
    `${pad('streams ended with their session')}${sum.streamsEnded}`,
    `${pad('member fields refusing a deactivated')}${sum.memberFieldsChecked}`,
    `${pad('calls leaving others’ accounts alone')}${sum.accountCallsChecked}`,
    `${pad('encoded paths refused')}${sum.encodedPathsRefused} of ${sum.encodedPathsSent} (every operation, its path spelt otherwise)`,
    `${pad('foreign ids in bodies refused')}${sum.foreignIdRefused} of ${sum.foreignIdRequests} (${sum.foreignIdFields} id fields, nested too)`,
    `${pad('formula cells in every export')}${sum.exportCellsChecked} cells neutralised in ${sum.exportsChecked} exports`,
    `${pad('lying archives refused')}${sum.lyingArchivesRefused} of ${sum.lyingArchivesSent}`,
    '└─────────────────────────────────────────────────────────────────',
  ];
  return lines.join('\n');
}
