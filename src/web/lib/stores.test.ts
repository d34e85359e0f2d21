import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionState } from './clear-session.ts';
import { useDashboardStore } from './dashboard-store.ts';
import { DRAWER_DEFAULTS, useDrawerStore } from './drawer-store.ts';
import { useOrganisationStore } from './organisation-store.ts';
import { usePlanStore } from './plan-store.ts';
import { useSessionStore } from './session-store.ts';

const user = { id: 'u1', name: 'Ada', email: 'a@x.io', last_login: null, widget_sequence: null, organisation: null, premium: false, permissions: [], is_owner: false, locale: 'en' as const, avatar_url: null };

describe('drawer store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens with the given settings over the defaults (right, 600px)', () => {
    useDrawerStore.getState().openDrawer({ title: 'Charge code', type: 'charge-code' });
    expect(useDrawerStore.getState()).toMatchObject({ open: true, side: 'right', width: 600, title: 'Charge code', type: 'charge-code' });
  });

  it('hides at once and resets its content 400 ms after closing', () => {
    useDrawerStore.getState().openDrawer({ title: 'X', data: { id: 1 }, width: 800 });
    useDrawerStore.getState().closeDrawer();
    expect(useDrawerStore.getState()).toMatchObject({ open: false, title: 'X', width: 800 });
    vi.advanceTimersByTime(399);
    expect(useDrawerStore.getState().title).toBe('X');
    vi.advanceTimersByTime(1);
    expect(useDrawerStore.getState()).toMatchObject({ ...DRAWER_DEFAULTS, open: false });
  });

  it('does not reset a drawer reopened within the 400 ms', () => {
    useDrawerStore.getState().openDrawer({ title: 'A' });
    useDrawerStore.getState().closeDrawer();
    useDrawerStore.getState().openDrawer({ title: 'B' });
    vi.advanceTimersByTime(500);
    expect(useDrawerStore.getState()).toMatchObject({ open: true, title: 'B' });
  });
});

describe('plan store', () => {
  it('starts on the free plan, monthly, and resets there', () => {
    expect(usePlanStore.getState()).toMatchObject({ selectedPlan: '1', isAnnual: false });
    usePlanStore.getState().selectPlan('prod_growth');
    usePlanStore.getState().setAnnual(true);
    usePlanStore.getState().reset();
    expect(usePlanStore.getState()).toMatchObject({ selectedPlan: '1', isAnnual: false });
  });
});

describe('dashboard store', () => {
  it('loads a saved layout, falls back on a malformed one, and only then counts as having one', () => {
    useDashboardStore.getState().reset();
    expect(useDashboardStore.getState().hasPrevious).toBe(false);
    useDashboardStore.getState().load({ calendar: 1, crm: 2 });
    expect(useDashboardStore.getState().widgets.filter((w) => w.visible).map((w) => w.key)).toEqual(['calendar', 'crm']);
    useDashboardStore.getState().load({ calendar: 'first' });
    expect(useDashboardStore.getState().widgets.filter((w) => w.visible)).toHaveLength(6);
    expect(useDashboardStore.getState().hasPrevious).toBe(true);
  });
});

describe('clearing the session (logout or 401)', () => {
  it('clears session, readable cookies, dashboard, drawer, organisation and plans, keeping the redirect path', () => {
    useSessionStore.getState().logIn(user, { firstLogin: true });
    useSessionStore.getState().setRedirectPath('/billing');
    useDashboardStore.getState().load({ weather: 1 });
    useDrawerStore.getState().openDrawer({ title: 'Open' });
    useOrganisationStore.getState().setOrganisation({ id: 'o1', name: 'Northwind', status: 'active' });
    usePlanStore.getState().setAnnual(true);
    document.cookie = 'XSRF-TOKEN=abc.def; path=/';

    clearSessionState();

    expect(useSessionStore.getState()).toMatchObject({ user: null, isLoggedIn: false, welcome: false, redirectPath: '/billing' });
    expect(useDashboardStore.getState().hasPrevious).toBe(false);
    expect(useDrawerStore.getState().open).toBe(false);
    expect(useOrganisationStore.getState().organisation).toBeNull();
    expect(usePlanStore.getState().isAnnual).toBe(false);
    expect(document.cookie).not.toContain('XSRF-TOKEN=abc');
  });
});
