import { existsSync } from 'node:fs';

/** Debian's Chromium (CHROMIUM_PATH, then /usr/bin/chromium); else Playwright's own download. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/**
 * How the browser tests and the bundle bench start Chromium: headless on a machine without a GPU,
 * a sandbox or anything to talk to on the internet. The last two keep one renderer process per site
 * instead of starting a new one on each navigation to the app (from about:blank, say): a page opened
 * by URL drew its content in 1.4–1.7 s instead of 1.9–2.2 s (a control-centre list, 6 loads each),
 * and the bundle check of the control-centre routes took 1.3 min instead of 2.0. Which files a page
 * asks for does not change.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--disable-site-isolation-trials',
  '--process-per-site',
];
