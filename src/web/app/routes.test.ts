// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARDS, guardRedirect, passesGuards } from './guards.tsx';
import { breadcrumbFor, ROUTES, routeFor } from './routes.tsx';
import { sessionUser } from '../test/fixtures.ts';

/** Every path of docs/product.md#routes, as the spec writes it ({param} → :param; /:all(.*) → *). */
const SPEC_PATHS = [
  '/', '/:all(.*)', '/admin/perms', '/ai', '/analytics', '/auth/forgot-password', '/auth/login', '/auth/reset-password',
  '/auth/sign-up', '/billing', '/chats', '/connections', '/dev', '/documents', '/documents/pdf/documents',
  '/documents/pdf/quotation', '/documents/template', '/exceptions', '/notification', '/pricing', '/profile',
  '/profile/{userId}', '/recruitment-hub', '/secure-payment/begin', '/settings', '/task-assignment', '/tracking',
  '/tracking-view', '/user/posts',
  '/organisation/analytics', '/organisation/carbon-offsetting', '/organisation/client-management', '/organisation/create',
  '/organisation/dev', '/organisation/posts',
  ...['', '/addresses', '/bank-details', '/charge-code', '/client-assignment', '/commission-management', '/default-currencies',
    '/departments', '/partner', '/rate-management', '/rms', '/roles-and-permissions', '/roles-and-permissions/create',
    '/roles-and-permissions/perm', '/roles-and-permissions/{roleId}/update', '/staff', '/staff/configurations',
    '/staff/configurations/edit', '/standard-certifications', '/standards-and-certifications', '/supply-chain-and-logistics',
    '/tasks', '/tiers', '/work-classification'].map((sub) => `/organisation/control-centre${sub}`),
  ...['', '/connections', '/connections/native-organisation', '/connections/native-organisation/create',
    '/connections/native-organisation/{organisationId}/profile', '/lead-generation', '/pipeline-management',
    '/quotation-management', '/quotation-management/{quoteId}', '/quotation-management/booking/{bookingId}',
    '/shipment-management', '/shipment-management/{shipmentId}'].map((sub) => `/organisation/crm${sub}`),
  ...['', '/contracts', '/leave-management', '/payroll', '/payroll/{id}', '/performance', '/performance/{id}'].map(
    (sub) => `/organisation/hr${sub}`,
  ),
];
/** Routes of the app's own beyond the spec's list: where a mailed invitation link is accepted, a quotation's client link, and the control centre's reference lists (spec §7 names their calls, not a page). */
const APP_PATHS = ['/invitations/accept', '/quote/:token', '/track/:token', '/careers/:slug', '/analytics/unsubscribe/:token', '/organisation/control-centre/reference-lists'];
const asRoutePath = (path: string) => (path === '/:all(.*)' ? '*' : path.replace(/\{(\w+)\}/g, ':$1'));

const LOCALES = ['de', 'en', 'es', 'fr', 'ja', 'ro', 'ru', 'zh'] as const;
const texts = Object.fromEntries(
  await Promise.all(LOCALES.map(async (l) => [l, (await import(`../locales/${l}.json`)).default as Record<string, Record<string, string>>])),
);
const guardsOf = (path: string) => ROUTES.find((r) => r.path === path)?.guards ?? DEFAULT_GUARDS;

describe('route table (docs/product.md#routes)', () => {
  it('holds every spec path exactly once, and nothing else', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_PATHS.map(asRoutePath), ...APP_PATHS].sort());
  });

  it('titles every route with a key translated in all 8 languages', () => {
    for (const route of ROUTES) {
      const [section, key] = route.titleKey.split('.') as [string, string];
      for (const locale of LOCALES) expect(texts[locale]?.[section]?.[key], `${locale} ${route.titleKey}`).toBeTruthy();
    }
  });

  it('titles in English every route the spec titles, word for word (spec §2)', () => {
    const SPEC_TITLES: Record<string, string> = {
      '/': 'Dashboard', '/:all(.*)': 'Not found', '/admin/perms': 'Permissions', '/ai': 'AI Credits', '/analytics': 'Analytics',
      '/auth/forgot-password': 'Authentication', '/auth/login': 'Authentication', '/auth/reset-password': 'Authentication',
      '/auth/sign-up': 'Authentication', '/billing': 'Billing', '/chats': 'Chats', '/connections': 'Connections', '/dev': 'Developer',
      '/documents': 'Document Types', '/documents/pdf/documents': 'Document Type Management',
      '/documents/pdf/quotation': 'Document Type Management', '/documents/template': 'Document Template',
      '/exceptions': 'Exceptions', '/notification': 'Notifications', '/pricing': 'Pricing', '/profile': 'Profile',
      '/profile/{userId}': 'Profile', '/recruitment-hub': 'Recruitment hub', '/secure-payment/begin': 'Secure payment start',
      '/settings': 'Settings', '/task-assignment': 'Task assignment', '/tracking': 'Tracking', '/tracking-view': 'Tracking view',
      '/user/posts': 'User Posts Management', '/organisation/posts': 'Post Management',
      '/organisation/control-centre/tiers': 'Client Tiers', '/organisation/hr/payroll/{id}': 'Staff Payroll Detail',
    };
    for (const [path, title] of Object.entries(SPEC_TITLES)) {
      const route = ROUTES.find((r) => r.path === asRoutePath(path));
      const [section, key] = (route?.titleKey ?? '.').split('.') as [string, string];
      expect(texts.en?.[section]?.[key], path).toBe(title);
    }
  });

  it('guards as the spec says; a route without a list is guarded by auth', () => {
    expect(DEFAULT_GUARDS).toEqual(['auth']);
    for (const path of ['/auth/login', '/auth/sign-up', '/auth/forgot-password', '/auth/reset-password']) expect(guardsOf(path)).toEqual(['guest']);
    expect(guardsOf('/analytics')).toEqual(['auth', 'organisation']);
    expect(guardsOf('/organisation/create')).toEqual(['auth']);
    expect(guardsOf('/organisation/hr/performance/7')).toEqual(['auth']);
    expect(guardsOf('/organisation/hr/performance/:id')).toEqual(['auth']);
    expect(guardsOf('/organisation/control-centre/tiers')).toEqual(['auth', 'organisation']);
    expect(guardsOf('/pricing')).toEqual([]);
    expect(guardsOf('*')).toEqual([]);
    expect(guardsOf('/connections')).toEqual(['auth', 'user']);
    for (const route of ROUTES) expect(route.guards ?? DEFAULT_GUARDS, route.path).toBeDefined();
  });

  it('skips the undefined tracking guard', () => {
    expect(guardsOf('/tracking')).toEqual(['auth', 'tracking']);
    expect(guardRedirect('tracking', { isLoggedIn: false, user: null })).toBeNull();
    expect(passesGuards(guardsOf('/tracking'), { isLoggedIn: true, user: sessionUser() })).toBe(true);
    expect(passesGuards(guardsOf('/tracking'), { isLoggedIn: false, user: null })).toBe(false);
  });

  it('puts each route in its layout: auth screens, 404, pricing, and home for the rest', () => {
    expect(routeFor('/auth/login')?.layout).toBe('auth');
    expect(routeFor('/no/such/page')).toMatchObject({ path: '*', layout: '404' });
    expect(routeFor('/pricing')?.layout).toBe('pricing');
    expect(routeFor('/organisation/hr/performance/3')?.layout).toBe('home');
    expect(ROUTES.filter((r) => r.layout === 'home').length).toBeGreaterThan(70);
  });

  it('ranks fixed segments above parameters', () => {
    expect(routeFor('/organisation/crm/quotation-management/booking/9')?.titleKey).toBe('titles.crm_booking');
    expect(routeFor('/organisation/crm/quotation-management/42')?.titleKey).toBe('titles.crm_quotation');
  });

  it('builds the breadcrumb from the same table', () => {
    expect(breadcrumbFor('/organisation/crm/quotation-management/booking/9')).toEqual([
      { to: '/organisation/crm', titleKey: 'titles.crm' },
      { to: '/organisation/crm/quotation-management', titleKey: 'titles.crm_quotation_management' },
      { to: null, titleKey: 'titles.crm_booking' },
    ]);
    expect(breadcrumbFor('/settings')).toEqual([{ to: null, titleKey: 'titles.settings' }]);
  });

  it('puts the permission modules under the control centre, and keeps the spec’s titles on pages the menu names otherwise', () => {
    expect(breadcrumbFor('/admin/perms')).toEqual([
      { to: '/organisation/control-centre', titleKey: 'titles.control_centre' },
      { to: null, titleKey: 'titles.permissions' },
    ]);
    expect(routeFor('/admin/perms')?.titleKey).toBe('titles.permissions');
    expect(routeFor('/tracking-view')?.titleKey).toBe('titles.tracking_view');
    expect(texts.en.titles.permissions).toBe('Permissions');
    expect(texts.en.titles.tracking_view).toBe('Tracking view');
    // The menu's own words, in every language.
    for (const route of ROUTES.filter((r) => r.menu?.labelKey)) {
      const [section, key] = route.menu!.labelKey!.split('.') as [string, string];
      for (const locale of LOCALES) expect(texts[locale]?.[section]?.[key], `${locale} ${route.menu!.labelKey}`).toBeTruthy();
    }
  });
});
