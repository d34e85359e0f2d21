import { expect, test, type Page } from '@playwright/test';
import { axeOn, logInByApi, storeTheme } from './helpers.ts';
import { SCREEN_ROUTES, demoPathOf, demoValues, isGuestRoute, pathOf } from './routes.ts';

// Issue 22 item 7: every routed screen, light and dark, has no serious or critical WCAG 2 A/AA
// violation. The routes come from the app's own table, so a new screen joins this sweep by itself.
// Each screen gets every rule in the light scheme and the colour rules in the dark (sweep).
test.setTimeout(480_000);

/** The routes in a few groups, one test each: a failure names its area, and no test runs too long. */
const GROUPS: { name: string; takes: (path: string) => boolean }[] = [
  { name: 'control centre', takes: (path) => path.startsWith('/organisation/control-centre') },
  { name: 'CRM', takes: (path) => path.startsWith('/organisation/crm') },
  { name: 'HR and the organisation', takes: (path) => path.startsWith('/organisation') },
  { name: 'general, account and public pages', takes: () => true },
];
const groupOf = (path: string) => GROUPS.find((group) => group.takes(path))!.name;

/** The screen has drawn: its heading, and nothing of it still loading. */
async function settled(page: Page) {
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
  // A list still loading shows its empty text faded under the loading veil (.ant-spin-blur): axe
  // would read that as low contrast, so the veil must be gone too.
  await expect(page.locator('main .ant-skeleton, main .ant-spin-spinning, main .ant-spin-blur, .fyn-page-loader')).toHaveCount(0);
  // A veil just lifted is still fading out (a CSS transition of 0.3 s): axe read the text under it
  // half-faded (CI of 2026-11-28: an empty list's text at 2.16:1). Every finite animation in the
  // part axe reads ends first (the shell's own, such as a click's wave, do not matter to it).
  await page.evaluate(() => {
    const main = document.querySelector('main');
    const inMain = (a: Animation) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      return !!target && !!main?.contains(target);
    };
    const running = document.getAnimations().filter((a) => inMain(a) && a.effect?.getTiming().iterations !== Infinity);
    return Promise.all(running.map((a) => a.finished.catch(() => undefined)));
  });
  await page.evaluate(() => document.fonts.ready);
}

/** The rules whose outcome depends on the colours: the only ones a change of scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical violations of the page's content, one line each (rule, count, the first
 * element and why): every WCAG 2 A/AA rule, or (`colours`) only those the scheme can change.
 */
async function violations(page: Page, colours = false, whole = false): Promise<string[]> {
  // The page's own content: the shell around it (header, side menu) is the same on every page and
  // is checked by shell-a11y.spec.ts; leaving it out here makes each scan quicker. Pages seen
  // logged out are scanned whole (their header is their layout's, not the shell's).
  const axe = whole ? axeOn(page) : axeOn(page).include('main');
  const { violations: found } = await (colours ? axe.withRules(COLOUR_RULES) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])).analyze();
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const [first] = v.nodes;
      const why = first.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
      return `${v.id} (${v.nodes.length}×): ${first.html.slice(0, 160)} — ${why}`;
    });
}

/**
 * Visits each path in turn, once in the light scheme and once in the dark, and answers what axe
 * finds there: every rule in the light, the colour rules in the dark (a change of scheme changes
 * colours only: the structure is the same in both). Each pass opens its first path by URL with the
 * scheme stored, as a returning user's app starts, and reaches the others as a link would (the
 * router follows a history entry) rather than by reloading the app. Two passes rather than the
 * header's switch on every page (shell.spec.ts clicks it): a switch restyles the whole page and
 * starts a 2 s click wave, and each page then took about 2 s longer to settle or to scan.
 */
async function sweep(page: Page, paths: string[], whole = false): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const scheme of ['light', 'dark'] as const) {
    await storeTheme(page, scheme);
    for (const [i, path] of paths.entries()) {
      if (i === 0) await page.goto(path);
      else await page.evaluate((to) => { history.pushState(null, '', to); dispatchEvent(new PopStateEvent('popstate')); }, path);
      await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0]);
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      const drawn = await settled(page).then(() => null, (error: Error) => `did not settle: ${error.message.split('\n')[0]}`);
      const bad = await violations(page, scheme === 'dark', whole);
      const problems = [...(drawn ? [drawn] : []), ...bad].map((problem) => `(${scheme}) ${problem}`);
      if (problems.length) (found[path] ??= []).push(...problems);
    }
  }
  return found;
}

test(`the guests' screens are accessible (light and dark)`, async ({ page }) => {
  await page.goto('/auth/login');
  const paths = SCREEN_ROUTES.filter(isGuestRoute).map((route) => pathOf(route));
  expect(await sweep(page, paths, true)).toEqual({});
});

test(`the public pages are accessible to a visitor who is not logged in (light and dark)`, async ({ page }) => {
  // The demo's links (a quotation's, a shipment's tracking, an opening's) are read as the owner;
  // the pages are then visited logged out, as the client or applicant they are for sees them.
  await logInByApi(page, 'owner@demo.fyn.local');
  const values = await demoValues(page);
  await page.context().clearCookies();
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  const open = SCREEN_ROUTES.filter((route) => route.guards?.length === 0).map((route) => demoPathOf(route, values));
  expect(open.length, 'routes open to anyone').toBeGreaterThan(5);
  expect(await sweep(page, [...open, pathOf('*')], true)).toEqual({});
});

for (const { name } of GROUPS) {
  test(`every routed screen is accessible: ${name} (light and dark)`, async ({ page }) => {
    // Logged in without the login page and the dashboard: the sweep draws every screen itself.
    await logInByApi(page, 'owner@demo.fyn.local');
    const values = await demoValues(page);
    const paths = SCREEN_ROUTES.filter((route) => !isGuestRoute(route)).map((route) => demoPathOf(route, values));
    // The unknown path's 404 page among the general ones.
    expect(await sweep(page, [...paths, pathOf('*')].filter((path) => groupOf(path) === name))).toEqual({});
  });
}
