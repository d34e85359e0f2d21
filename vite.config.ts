import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./src/web', import.meta.url));

/**
 * Fewer files for the first pages, without more bytes (scripts/build.mjs builds twice). The first
 * build records which modules each chunk holds and what it imports (`chunkGraph`); the second
 * groups what pages load together anyway: `core`, everything the entry loads; `common`, what the
 * login page and the home layout both load; `shell`, the rest of what the home layout loads. Each
 * group holds only modules all its pages already ran, so no page fetches code it did not fetch
 * before; everything else is split by route as rolldown decides.
 */
const GRAPH_FILE = fileURLToPath(new URL('./dist/chunk-graph.json', import.meta.url));
type GraphChunk = { file: string; entry: boolean; facade: string | null; modules: string[]; imports: string[] };

const chunkGraph = (): Plugin => ({
  name: 'fyn-chunk-graph',
  apply: 'build',
  generateBundle(_, bundle) {
    // The second build reads the first one's graph; its own grouped chunks are not recorded.
    if (process.env.FYN_BUILD_PASS === '2') return;
    const chunks: GraphChunk[] = [];
    for (const c of Object.values(bundle)) {
      if (c.type === 'chunk') chunks.push({ file: c.fileName, entry: c.isEntry, facade: c.facadeModuleId, modules: c.moduleIds, imports: c.imports });
    }
    mkdirSync(dirname(GRAPH_FILE), { recursive: true });
    writeFileSync(GRAPH_FILE, JSON.stringify(chunks));
  },
});

/**
 * antd parts that a component imports statically but renders only with an option FYN does not
 * use: the component gets a stand-in that loads the part when first rendered (`lazyAntdParts`).
 * What each kept off the pages that never show the part:
 * - ConfigProvider's tooltip UniqueProvider (`tooltip.unique`): @rc-component/trigger, portal and
 *   motion in the entry chunk, the login page's included (~12 kB gzip);
 * - Card's Tabs (`tabList`): every page with a card fetched Tabs (~11 kB);
 * - Typography's Editable (`editable`): every heading brought the TextArea (~5 kB);
 * - Table's filter dropdown Tree (`filterMode: 'tree'`): every page with a table fetched antd's
 *   Tree and @rc-component/tree's Tree, TreeNode and NodeList (issue 22's budget).
 */
const LAZY_ANTD_PARTS: { importer: RegExp; source: string }[] = [
  { importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/, source: '../tooltip/UniqueProvider' },
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs' },
  { importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, source: '../Editable' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/, source: '../../../tree' },
];
const LAZY_PREFIX = '\0fyn-lazy:';
const lazyAntdParts = (): Plugin => ({
  name: 'fyn-lazy-antd-parts',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (!importer || !LAZY_ANTD_PARTS.some((p) => p.source === source && p.importer.test(importer))) return null;
    const real = await this.resolve(source, importer, { skipSelf: true });
    return real ? `${LAZY_PREFIX}${real.id}` : null;
  },
  load(id) {
    if (!id.startsWith(LAZY_PREFIX)) return null;
    const real = JSON.stringify(id.slice(LAZY_PREFIX.length));
    return [
      `import { createElement, lazy, Suspense } from 'react';`,
      `const Part = lazy(() => import(${real}));`,
      `export default function LazyPart(props) { return createElement(Suspense, { fallback: null }, createElement(Part, props)); }`,
    ].join('\n');
  },
});

function shellGroups() {
  if (process.env.FYN_BUILD_PASS !== '2' || !existsSync(GRAPH_FILE)) return [];
  const chunks = JSON.parse(readFileSync(GRAPH_FILE, 'utf8')) as GraphChunk[];
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  /** The modules a chunk runs: its own and those of the chunks it imports statically. */
  const runs = (start: GraphChunk | undefined) => {
    const modules = new Set<string>();
    const seen = new Set<string>();
    const todo = start ? [start] : [];
    for (let c = todo.pop(); c; c = todo.pop()) {
      if (seen.has(c.file)) continue;
      seen.add(c.file);
      c.modules.forEach((m) => modules.add(m));
      for (const f of c.imports) if (byFile.has(f)) todo.push(byFile.get(f)!);
    }
    return modules;
  };
  const facade = (suffix: string) => chunks.find((c) => c.facade?.endsWith(suffix));
  // The entry chunk becomes `core`: every chunk imports it, so main.tsx must not await at the top.
  const core = runs(chunks.find((c) => c.entry));
  const login = runs(facade('/features/auth/login-screen.tsx'));
  const home = runs(facade('/app/layouts/home-layout.tsx'));
  const common = new Set([...login].filter((m) => home.has(m) && !core.has(m)));
  const shell = new Set([...home].filter((m) => !core.has(m) && !login.has(m)));
  const first = (m: string) => core.has(m) || login.has(m) || home.has(m);
  // The screens: every chunk loaded on demand (a route's screen, a part loaded later).
  const screens = chunks.filter((c) => !c.entry && /[\\/]src[\\/]web[\\/].*\.tsx$/.test(c.facade ?? '')).map((c) => ({ facade: c.facade!, runs: runs(c) }));
  const usedBy = (m: string) => screens.filter((s) => s.runs.has(m));
  // The dashboard's first render: its screen and the calendar widget it shows by default.
  const dashboardRuns = new Set(screens.filter((s) => /[\\/]app[\\/]dashboard-home\.tsx$|[\\/]widgets[\\/]calendar-month\.tsx$/.test(s.facade)).flatMap((s) => [...s.runs]));
  const ownsDashboard = (f: string) => /[\\/]app[\\/]dashboard-home\.tsx$|[\\/]features[\\/]dashboard[\\/]/.test(f);
  const dashboardOnly = [...dashboardRuns].filter((m) => !first(m));
  // `widely`: what the dashboard runs and most screens run too (antd's Typography, Empty and their
  // icons): one file instead of several, which those screens fetched anyway. Not what a guest's
  // screen runs (the sign-up page's Flex and Alert): it would then fetch the whole file.
  const guests = screens.filter((s) => /[\\/]features[\\/]auth[\\/]/.test(s.facade));
  const widely = new Set(dashboardOnly.filter((m) => usedBy(m).length * 2 >= screens.length && !guests.some((s) => s.runs.has(m))));
  // `dashboard`: what only the dashboard runs (its widgets and their parts).
  const dashboard = new Set(dashboardOnly.filter((m) => !widely.has(m) && usedBy(m).every((s) => ownsDashboard(s.facade))));
  // Only the modules chosen: by default a group also takes every module its modules import, and
  // an import names a whole package index (antd's form context imports @rc-component/form's), so
  // `common` took the login's Form and validator along, and every logged-in page loaded them.
  const group = (name: string, modules: Set<string>, priority: number) => ({ name, test: (id: string) => modules.has(id), priority, includeDependenciesRecursively: false });
  // `dates`, `money` and `widget-data`: small modules the dashboard runs that other screens share
  // (dayjs with its plugins and FYN's day format; amounts and their format; the APIs its widgets read
  // and the sparkline), each split into files of a few hundred bytes by which screens use it; one file
  // each instead (the dashboard made 43 requests, budget 40).
  const rest = dashboardOnly.filter((m) => !widely.has(m) && !dashboard.has(m));
  const among = (pattern: RegExp) => new Set(rest.filter((m) => pattern.test(m)));
  const dates = among(/[\\/]node_modules[\\/]dayjs[\\/]|[\\/]src[\\/]web[\\/]lib[\\/](dayjs|format-day)\.ts$/);
  const money = among(/[\\/]src[\\/]shared[\\/]money[\\/](amounts|format)\.ts$/);
  const widgetData = among(/[\\/]src[\\/]web[\\/](lib[\\/](analytics|connections)-api\.ts|components[\\/]sparkline\.tsx)$/);
  return [
    group('core', core, 5), group('common', common, 4), group('shell', shell, 3), group('widely', widely, 2), group('dashboard', dashboard, 1),
    group('dates', dates, 1), group('money', money, 1), group('widget-data', widgetData, 1),
  ];
}

export default defineConfig({
  root,
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), chunkGraph(), lazyAntdParts()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Fonts stay files: inlined, every small subset (and its unused WOFF twin) would sit in the
    // first page's CSS whether or not the page's text needs it.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      // antd's @rc-component packages declare no `sideEffects`, so importing one name from a package's
      // index kept every module behind it: the login page's Input brought the whole Form with its
      // validator. Their modules only define components; nothing runs on import.
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] },
      output: { codeSplitting: { groups: shellGroups() } },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
