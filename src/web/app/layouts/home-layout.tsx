import './home-layout.css';
import { useState } from 'react';
import { Breadcrumb, Button, Grid, Layout } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand.tsx';
import { LazyDrawer } from '../../components/lazy-drawer.tsx';
import { useShellStore } from '../../lib/shell-store.ts';
import { AppDrawer } from '../app-drawer.tsx';
import { NotificationsBell, SearchButton, ThemeSwitch, UserMenu } from '../header-actions.tsx';
import { ScreenProviders } from '../screen-providers.tsx';
import { LanguageSwitcher } from '../language-switcher.tsx';
import { breadcrumbFor } from '../routes.tsx';
import { SideMenu } from '../side-menu.tsx';
import { useSessionStore } from '../../lib/session-store.ts';

/** The page's place in the route table: Dashboard › … › this page (not shown on the dashboard). */
function PageBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pathname === '/') return null;
  const crumbs = [{ to: '/', titleKey: 'titles.dashboard' }, ...breadcrumbFor(pathname)];
  return (
    <Breadcrumb
      className="fyn-breadcrumb"
      aria-label={t('shell.breadcrumb')}
      items={crumbs.map((crumb) => ({
        title: crumb.to ? <Link to={crumb.to}>{t(crumb.titleKey)}</Link> : <span aria-current="page">{t(crumb.titleKey)}</span>,
      }))}
    />
  );
}

/**
 * Most screens: a side menu grouped by area (collapsible; a drawer below md), a header with
 * language, theme, notifications and the user menu, the breadcrumb, and the app's drawer.
 */
export function HomeLayout() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  // Until the first measurement, assume a wide screen only if the window says so.
  const narrow = screens.md === undefined ? window.innerWidth < 768 : !screens.md;
  const collapsed = useShellStore((s) => s.siderCollapsed);
  const setCollapsed = useShellStore((s) => s.setSiderCollapsed);
  const [menuOpen, setMenuOpen] = useState(false);
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);

  return (
    <ScreenProviders>
      <Layout className="fyn-home-layout" hasSider={isLoggedIn && !narrow}>
        {isLoggedIn && !narrow && (
          <Layout.Sider
            width={256}
            collapsedWidth={72}
            collapsed={collapsed}
            trigger={null}
            theme="light"
            className="fyn-sider"
          >
            <div className="fyn-sider-brand">
              <Brand compact={collapsed} />
            </div>
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        {isLoggedIn && narrow && (
          <LazyDrawer
            placement="left"
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            size={280}
            title={<Brand compact />}
            styles={{ body: { padding: 0 } }}
          >
            <SideMenu onNavigate={() => setMenuOpen(false)} />
          </LazyDrawer>
        )}
        <Layout>
          <Layout.Header className="fyn-home-header">
            <div className="fyn-header-start">
              {isLoggedIn && narrow && (
                <Button
                  type="text"
                  icon={<MenuOutlined aria-hidden="true" />}
                  aria-label={t('shell.open_menu')}
                  onClick={() => setMenuOpen(true)}
                />
              )}
              {isLoggedIn && !narrow && (
                <Button
                  type="text"
                  icon={collapsed ? <MenuUnfoldOutlined aria-hidden="true" /> : <MenuFoldOutlined aria-hidden="true" />}
                  aria-label={t(collapsed ? 'shell.expand_menu' : 'shell.collapse_menu')}
                  aria-expanded={!collapsed}
                  onClick={() => setCollapsed(!collapsed)}
                />
              )}
              {/* With the side menu, the brand sits at its top. */}
              {!(isLoggedIn && !narrow) && <Brand />}
            </div>
            <div className="fyn-header-end">
              {isLoggedIn && <SearchButton />}
              <LanguageSwitcher />
              <ThemeSwitch />
              {isLoggedIn && <NotificationsBell />}
              {isLoggedIn && <UserMenu />}
            </div>
          </Layout.Header>
          {/* Layout.Content is the page's <main>. */}
          <Layout.Content className="fyn-home-content">
            <PageBreadcrumb />
            <Outlet />
          </Layout.Content>
        </Layout>
        <AppDrawer />
      </Layout>
    </ScreenProviders>
  );
}
