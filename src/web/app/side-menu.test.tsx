import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '../test/user.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { renderScreen } from '../test/render.tsx';
import { sessionUser } from '../test/fixtures.ts';
import { ROUTES } from './routes.tsx';
import { menuPathFor, menuSections, SideMenu, userMenuRoutes } from './side-menu.tsx';

const withOrg = { isLoggedIn: true, user: sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' }, premium: true, permissions: ['operations.view'] }) };
const withoutOrg = { isLoggedIn: true, user: sessionUser() };

describe('side menu', () => {
  it('groups the route table’s menu entries by area, in table order', () => {
    const sections = menuSections(withOrg);
    expect(sections.map((s) => s.area)).toEqual(['general', 'organisation', 'control_centre', 'crm', 'hr']);
    const offered = sections.flatMap((s) => s.entries);
    const inTable = ROUTES.filter((r) => r.menu && r.menu.area !== 'user' && !r.menu.withoutOrganisation);
    expect(offered).toEqual(inTable);
    expect(sections.find((s) => s.area === 'control_centre')?.entries).toHaveLength(21);
  });

  it('has an entry for the shipments under way and for the permission modules, where a user looks for them', () => {
    const sections = menuSections(withOrg);
    const paths = (area: string) => sections.find((s) => s.area === area)!.entries.map((e) => e.path);
    // Right after the tracking search; beside the roles that are made of the modules.
    expect(paths('general').slice(paths('general').indexOf('/tracking'), paths('general').indexOf('/tracking') + 2)).toEqual(['/tracking', '/tracking-view']);
    const cc = paths('control_centre');
    expect(cc[cc.indexOf('/organisation/control-centre/roles-and-permissions') + 1]).toBe('/admin/perms');
  });

  it('offers the shipments under way only to a role that may see shipments', () => {
    const without = { isLoggedIn: true, user: { ...withOrg.user, permissions: ['crm.view'] } };
    const paths = (session: typeof withOrg) => menuSections(session).flatMap((s) => s.entries.map((e) => e.path));
    expect(paths(withOrg)).toContain('/tracking-view');
    expect(paths(without)).not.toContain('/tracking-view');
    expect(paths(without)).toContain('/tracking');
  });

  it('names the shipments under way and the permission modules in the menu by what they are, with icons of their own', async () => {
    useSessionStore.getState().logIn(withOrg.user);
    renderScreen(<SideMenu />, '/organisation/control-centre/roles-and-permissions');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const under = within(nav).getByRole('link', { name: 'Shipments under way' });
    expect(under.getAttribute('href')).toBe('/tracking-view');
    const tracking = within(nav).getByRole('link', { name: 'Tracking' });
    const iconOf = (link: HTMLElement) => link.closest('li')?.querySelector('.anticon')?.getAttribute('aria-label') ?? link.closest('li')?.querySelector('.anticon')?.className;
    expect(iconOf(under)).toBeTruthy();
    expect(iconOf(under)).not.toBe(iconOf(tracking));
    expect(within(nav).getByRole('link', { name: 'Permission modules' }).getAttribute('href')).toBe('/admin/perms');
    expect(within(nav).queryByRole('link', { name: 'Permissions' })).toBeNull();
    useSessionStore.getState().clear();
  });

  it('offers only the pages the user may open', () => {
    const paths = menuSections(withoutOrg).flatMap((s) => s.entries.map((e) => e.path));
    expect(paths).toContain('/');
    expect(paths).toContain('/organisation/create');
    expect(paths).toContain('/organisation/hr/performance');
    expect(paths).not.toContain('/analytics');
    expect(paths).not.toContain('/organisation/crm');
    expect(paths).not.toContain('/admin/perms');
    expect(menuSections(withOrg).flatMap((s) => s.entries.map((e) => e.path))).not.toContain('/organisation/create');
  });

  it('builds the user menu from the table: profile, settings, billing', () => {
    expect(userMenuRoutes(withOrg).map((r) => r.path)).toEqual(['/profile', '/settings', '/billing']);
  });

  it('marks the closest menu entry of a page', () => {
    expect(menuPathFor('/organisation/crm/quotation-management/42')).toBe('/organisation/crm/quotation-management');
    expect(menuPathFor('/settings')).toBe('/settings');
    expect(menuPathFor('/')).toBe('/');
  });

  it('renders the groups with links, the current area open', async () => {
    useSessionStore.getState().logIn(withOrg.user);
    renderScreen(<SideMenu />, '/organisation/crm/lead-generation');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByText('General')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Lead generation' })).toBeTruthy();
    await userEvent.click(within(nav).getByText('HR'));
    expect(await within(nav).findByRole('link', { name: 'Payroll' })).toBeTruthy();
    useSessionStore.getState().clear();
  });
});
