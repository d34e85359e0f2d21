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
 * antd's ConfigProvider gets app/lazy-unique-provider.tsx for the tooltips' UniqueProvider (see
 * there): the provider, rendered only with `tooltip.unique`, brought @rc-component/trigger into
 * the entry chunk. Other importers (Tooltip itself) keep the real one.
 */
const LAZY_UNIQUE_PROVIDER = '\0fyn-lazy-unique-provider';
const lazyTooltipProvider = (): Plugin => ({
  name: 'fyn-lazy-tooltip-provider',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    const fromConfigProvider = importer && /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer);
    return source === '../tooltip/UniqueProvider' && fromConfigProvider ? LAZY_UNIQUE_PROVIDER : null;
  },
  load(id) {
    if (id !== LAZY_UNIQUE_PROVIDER) return null;
    const file = fileURLToPath(new URL('./src/web/app/lazy-unique-provider.tsx', import.meta.url));
    return `export { LazyUniqueProvider as default } from ${JSON.stringify(file)};`;
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
  // Only the modules chosen: by default a group also takes every module its modules import, and
  // an import names a whole package index (antd's form context imports @rc-component/form's), so
  // `common` took the login's Form and validator along, and every logged-in page loaded them.
  return [
    { name: 'core', test: (id: string) => core.has(id), priority: 3, includeDependenciesRecursively: false },
    { name: 'common', test: (id: string) => common.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'shell', test: (id: string) => shell.has(id), priority: 1, includeDependenciesRecursively: false },
  ];
}

export default defineConfig({
  root,
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), chunkGraph(), lazyTooltipProvider()],
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
