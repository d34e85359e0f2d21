import { join } from 'node:path';
import { tuneProcess } from './lib/process-tuning.ts';

/** The runtime FYN is built and tested on: Node 24 LTS, which `npm install` puts in node_modules/.bin (docs/deployment.md). */
const SUPPORTED_NODE_MAJOR = 24;

/** Starts FYN: validate the environment, migrate, load reference data, seed the demo, listen. */
async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < SUPPORTED_NODE_MAJOR) {
    console.error(`fyn: Node ${process.versions.node} is not supported; FYN runs on Node ${SUPPORTED_NODE_MAJOR} LTS. Start it with 'npm start' (which uses the Node that 'npm install' put in node_modules/.bin) or run node_modules/.bin/node dist/server/main.js.`);
    process.exit(1);
  }
  // V8's settings for a server, before the server's modules load (they are imported below, not
  // above: importing a module runs its top-level code).
  await tuneProcess();
  const [{ ConfigError, loadConfig }, { webDistDir }] = await Promise.all([import('./config.ts'), import('./paths.ts')]);
  let config;
  try {
    config = loadConfig(process.env, webDistDir);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`fyn: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const [{ buildApp }, { openDatabase }, { importReferenceData }, { seedDemo }, { copyTemplate }, { lockDataDir }] = await Promise.all([
    import('./app.ts'),
    import('./db/client.ts'),
    import('./modules/reference-data.ts'),
    import('./modules/demo/seed.ts'),
    import('./db/template.ts'),
    import('./db/data-dir-lock.ts'),
  ]);
  const started = Date.now();
  // The embedded database's folder is this process's from here on (a second server on it refuses to
  // start), the template's copy included; openDatabase takes the same lock again.
  const releaseDataDir = config.databaseUrl ? () => {} : lockDataDir(join(config.dataDir, 'db'));
  // A first start on the embedded database begins from the build's migrated copy with the reference data (db/template.ts).
  const fromTemplate = !config.databaseUrl && copyTemplate(join(config.dataDir, 'db'));
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, listenUrl: config.databaseListenUrl, readUrl: config.databaseReadUrl } : { dataDir: join(config.dataDir, 'db') });
  await database.migrate();
  const app = await buildApp(config, { database });
  app.addHook('onClose', async () => {
    await database.close();
    releaseDataDir();
  });
  if (fromTemplate) app.log.info('database made from the build\'s template (dist/db-template)');
  const imported = await importReferenceData(database, (name) => app.log.info(`importing ${name} reference data`));
  if (Object.values(imported).some((n) => n > 0)) app.log.info({ ...imported, ms: Date.now() - started }, 'reference data imported');
  // What runs that must never run in production, and why (docs/deployment.md#fail-closed).
  if (config.devMode) app.log.warn(`developer mode is on (${config.devModeReason}): /api/dev/* answers anyone${config.demoSeed ? ', demo accounts are seeded' : ''}`);
  else app.log.info(`developer mode is off (${config.devModeReason}): no /api/dev/* routes, no demo accounts`);
  app.log.info(config.ai ? `AI engine: the provider at ${new URL(config.ai.baseUrl).host}, model ${config.ai.model} (texts for the AI features are sent there)` : 'AI engine: built in (no AI_BASE_URL): no text leaves this machine');
  if (!config.devMode && process.env.DEMO_SEED === 'true') app.log.warn('DEMO_SEED=true is ignored: the demo accounts have published passwords and need developer mode');
  if (!config.stripe) {
    if (config.localPayments && config.env === 'production') app.log.warn('LOCAL_PAYMENTS=true: the local provider takes test cards and charges nobody');
    else if (!config.localPayments) app.log.warn('no STRIPE_SECRET_KEY: card payments are refused until Stripe is configured');
  }
  if (config.demoSeed) await seedDemo(app.ctx);

  // SIGTERM (docs/deployment.md#rolling-a-release): readiness answers 503 at once while the node
  // keeps serving for SHUTDOWN_DRAIN_S, so the balancer stops sending here; then it stops taking
  // connections, ends live streams with a reconnect hint, lets requests in flight and running jobs
  // finish within SHUTDOWN_TIMEOUT_S (jobs still running then are failed for another node to retry),
  // and exits 0. A second signal skips what is left of the drain.
  let closing = false;
  let skipDrain: () => void = () => {};
  const shutdown = async (signal: string) => {
    if (closing) return skipDrain();
    closing = true;
    app.ctx.lifecycle.draining = true;
    const { drainS, timeoutS } = config.shutdown;
    app.log.info({ signal, drain_s: drainS, timeout_s: timeoutS }, 'shutting down: draining');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainS * 1000);
      skipDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    app.log.info('shutting down: no new connections; finishing what is in flight');
    let forced = false;
    const deadline = setTimeout(() => {
      forced = true;
      app.log.error({ timeout_s: timeoutS }, 'shutting down: deadline passed, closing the connections still open');
      app.server.closeAllConnections();
    }, (timeoutS + 2) * 1000);
    try {
      await app.close();
      clearTimeout(deadline);
      app.log.info('shut down');
      process.exit(forced ? 1 : 0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.appUrl, database: database.driver, files: app.ctx.files.where, ms: Date.now() - started }, 'FYN is ready');
}

main().catch(async (err) => {
  const message = err instanceof Error ? err.message : String(err);
  // The secrets' redaction is config.ts's, which main() loads; a failure to load it names a file, not a secret.
  const redact = await import('./config.ts').then(({ redactSecrets }) => (text: string) => redactSecrets(text, process.env), () => (text: string) => text);
  console.error('fyn: failed to start:', redact(message));
  process.exit(1);
});
