import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '#shared/api/user.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { DEFAULT_GUARDS, passesGuards } from './guards.tsx';
import { AREA_ICONS, MENU_ICONS } from './menu-icons.tsx';
import { ROUTES, routeFor, type AppRoute, type MenuArea } from './routes.tsx';

type SideArea = Exclude<MenuArea, 'user'>;
export const SIDE_AREAS: readonly SideArea[] = ['general', 'organisation', 'control_centre', 'crm', 'hr'];

interface Session {
  isLoggedIn: boolean;
  user: SessionUser | null;
}

/** A menu offers the pages this user may open, in route-table order. */
function offered(route: AppRoute, session: Session): boolean {
  if (route.menu?.withoutOrganisation && session.user?.organisation) return false;
  if (route.menu?.withOrganisation && !session.user?.organisation) return false;
  if (route.menu?.permission && !session.user?.permissions.includes(route.menu.permission)) return false;
  return passesGuards(route.guards ?? DEFAULT_GUARDS, session);
}

/** The side menu's sections, from the route table: one per area that has an entry to offer. */
export function menuSections(session: Session, routes: readonly AppRoute[] = ROUTES) {
  return SIDE_AREAS.map((area) => ({
    area,
    entries: routes.filter((r) => r.menu?.area === area && offered(r, session)),
  })).filter((section) => section.entries.length > 0);
}

/** The user menu's pages (profile, settings, billing), from the route table. */
export function userMenuRoutes(session: Session, routes: readonly AppRoute[] = ROUTES): AppRoute[] {
  return routes.filter((r) => r.menu?.area === 'user' && offered(r, session));
}

/** The menu entry a page belongs to: itself, or the closest entry above it (…/quotation-management/42). */
export function menuPathFor(pathname: string, routes: readonly AppRoute[] = ROUTES): string | null {
  const route = routeFor(pathname, routes);
  if (route?.menu) return route.path;
  const entries = routes.filter((r) => r.menu && r.path !== '/');
  const above = entries
    .filter((r) => pathname.startsWith(`${r.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return above?.path ?? null;
}

/** The side menu, grouped by area (docs/product.md#routes); the area of the current page starts open. */
export function SideMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const user = useSessionStore((s) => s.user);
  const sections = useMemo(() => menuSections({ isLoggedIn, user }), [isLoggedIn, user]);
  const selected = menuPathFor(pathname);
  const currentArea = sections.find((s) => s.entries.some((e) => e.path === selected))?.area;
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    currentArea && currentArea !== 'general' ? [`area:${currentArea}`] : [],
  );

  const items: MenuProps['items'] = sections.map(({ area, entries }) => {
    const children = entries.map((route) => ({
      key: route.path,
      icon: route.menu?.icon ? MENU_ICONS[route.menu.icon] : undefined,
      label: (
        <Link to={route.path} onClick={onNavigate}>
          {t(route.menu?.labelKey ?? route.titleKey)}
        </Link>
      ),
    }));
    if (area === 'general') return { type: 'group' as const, key: `area:${area}`, label: t(`nav.${area}`), children };
    return { key: `area:${area}`, icon: AREA_ICONS[area], label: t(`nav.${area}`), children };
  });

  return (
    <nav aria-label={t('shell.main_menu')}>
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={selected ? [selected] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        className="fyn-side-menu"
      />
    </nav>
  );
}
