// FYN's own lint rules: the layer boundaries of docs/architecture.md#layers and kebab-case file names.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** Which layer a repository path belongs to: shared, server, web, or web feature <name>. */
function layerOf(p) {
  if (p.startsWith('src/shared/')) return { layer: 'shared' };
  if (p.startsWith('src/server/')) return { layer: 'server' };
  const feature = /^src\/web\/features\/([^/]+)\//.exec(p);
  if (feature) return { layer: 'web', feature: feature[1] };
  if (p.startsWith('src/web/app/') || p === 'src/web/main.tsx') return { layer: 'web', app: true };
  if (p.startsWith('src/web/')) return { layer: 'web' };
  return { layer: 'other' };
}

function resolveImport(from, spec) {
  const alias = /^#(shared|server|web)\/(.*)$/.exec(spec);
  if (alias) return `src/${alias[1]}/${alias[2]}`;
  if (spec.startsWith('.')) return rel(path.resolve(path.dirname(from), spec));
  return null;
}

const boundaries = {
  meta: { type: 'problem', docs: { description: 'web and server never import each other; features never import features or the app shell; shared imports neither' }, schema: [] },
  create(context) {
    const file = rel(context.filename);
    const from = layerOf(file);
    // Tests may compose a feature with the shell (guards, drawer) to exercise it as the app does.
    const isTest = /\.test\.tsx?$/.test(file) || file.startsWith('src/web/test/');
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      if (from.layer === 'shared' && spec.startsWith('node:')) {
        return context.report({ node, message: `src/shared runs in the browser too: no "${spec}".` });
      }
      const target = resolveImport(context.filename, spec);
      if (!target) return;
      const to = layerOf(target);
      const bad =
        (from.layer === 'web' && to.layer === 'server') ||
        (from.layer === 'server' && to.layer === 'web') ||
        (from.layer === 'shared' && (to.layer === 'web' || to.layer === 'server')) ||
        (from.feature && to.feature && from.feature !== to.feature) ||
        (from.layer === 'web' && !from.app && to.app && !isTest);
      if (bad) {
        const what =
          from.feature && to.feature
            ? `feature "${from.feature}" may not import feature "${to.feature}" (compose them in src/web/app)`
            : to.app && from.layer === 'web'
              ? 'src/web/app composes features and src/web/lib; they may not import it back (put what both need in src/web/lib)'
              : `${from.layer} may not import ${to.layer}`;
        context.report({ node, message: `Layer boundary: ${what}.` });
      }
    };
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    };
  },
};

const kebabCase = {
  meta: { type: 'suggestion', docs: { description: 'file names are kebab-case' }, schema: [] },
  create(context) {
    return {
      Program(node) {
        const base = path.basename(context.filename).replace(/(\.(test|spec|config|d))?\.(ts|tsx|js|mjs|cjs)$/, '');
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base)) {
          context.report({ node, message: `File name "${path.basename(context.filename)}" is not kebab-case.` });
        }
      },
    };
  },
};

/**
 * Every CSV and XLSX the product writes goes through sendTable (src/server/lib/spreadsheet.ts), which
 * neutralises formula cells (docs/architecture.md#exports): csv-stringify and exceljs's writers
 * are used nowhere else in the product. Tests (which build input files) and scripts (which write
 * data files, not answers) may.
 */
const WRITER_HOME = 'src/server/lib/spreadsheet.ts';
const EXCEL_WRITERS = new Set(['writeBuffer', 'writeFile', 'WorkbookWriter']);
const oneTableWriter = {
  meta: { type: 'problem', docs: { description: 'CSV and XLSX are written by sendTable only' }, schema: [] },
  create(context) {
    const file = rel(context.filename);
    if (!file.startsWith('src/') || file === WRITER_HOME || /\.test\.tsx?$/.test(file) || file.startsWith('src/server/test/') || file.startsWith('src/web/test/')) return {};
    const message = `Write CSV and XLSX with sendTable (${WRITER_HOME}): it neutralises formula cells.`;
    const checkImport = (node, spec) => {
      if (typeof spec === 'string' && (spec === 'csv-stringify' || spec.startsWith('csv-stringify/'))) context.report({ node, message });
    };
    const chain = (n) => (n.type === 'MemberExpression' ? [...chain(n.object), n.property.name ?? n.property.value] : n.type === 'Identifier' ? [n.name] : []);
    return {
      ImportDeclaration: (n) => checkImport(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && checkImport(n, n.source.value),
      MemberExpression(n) {
        const names = chain(n);
        const last = names.at(-1);
        // book.xlsx.writeBuffer(), book.csv.write(), ExcelJS.stream.xlsx.WorkbookWriter
        if (EXCEL_WRITERS.has(last) || (last === 'write' && (names.includes('xlsx') || names.includes('csv')))) context.report({ node: n, message });
      },
    };
  },
};

export default { rules: { boundaries, 'kebab-case-files': kebabCase, 'one-table-writer': oneTableWriter } };
