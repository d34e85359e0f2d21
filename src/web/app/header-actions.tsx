import { lazy, Suspense, useEffect, useState } from 'react';
import { Avatar, Badge, Button, Dropdown, Spin, Switch, type MenuProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOutlined, LogoutOutlined, MoonOutlined, SearchOutlined, SunOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../lib/session.ts';
import { startLive } from '../lib/live.ts';
import { notificationKeys, notificationsApi } from '../lib/notifications-api.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { useThemeStore } from '../lib/theme-store.ts';
import { MENU_ICONS } from './menu-icons.tsx';
import { openSearch } from './open-search.ts';
import { userMenuRoutes } from './side-menu.tsx';

/** Light or dark colour scheme (kept in this browser). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const mode = useThemeStore((s) => s.mode);
  const setMode = useThemeStore((s) => s.setMode);
  return (
    <Switch
      aria-label={t('shell.dark_theme')}
      checked={mode === 'dark'}
      onChange={(dark) => setMode(dark ? 'dark' : 'light')}
      checkedChildren={<MoonOutlined aria-hidden="true" />}
      unCheckedChildren={<SunOutlined aria-hidden="true" />}
    />
  );
}

/** The header's search: people, organisations and connections (features/search). */
export function SearchButton() {
  const { t } = useTranslation();
  return <Button type="text" shape="circle" icon={<SearchOutlined aria-hidden="true" />} aria-label={t('shell.search')} onClick={openSearch} />;
}

/** The panel is loaded the first time the bell opens. */
const NotificationsPanel = lazy(() => import('../features/notifications/notifications-panel.tsx').then((m) => ({ default: m.NotificationsPanel })));

/**
 * The notifications bell: the badge counts what is unseen (live), opening marks everything seen and
 * shows the latest; each stays unread until opened (features/notifications).
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: notificationKeys.summary, queryFn: notificationsApi.summary, staleTime: 60_000 });
  const unseen = summary.data?.unseen ?? 0;
  useEffect(() => startLive(), []);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && unseen > 0) {
      notificationsApi.seen().then((s) => queryClient.setQueryData(notificationKeys.summary, s), () => {});
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      popupRender={() => (
        <div className="fyn-dropdown-panel fyn-notifications-dropdown">
          <Suspense fallback={<Spin size="small" />}>{open && <NotificationsPanel onNavigate={() => setOpen(false)} />}</Suspense>
        </div>
      )}
    >
      <Button
        type="text"
        shape="circle"
        aria-label={unseen > 0 ? t('shell.notifications_unseen', { count: unseen }) : t('shell.notifications')}
        icon={
          <Badge count={unseen} size="small" overflowCount={99}>
            <BellOutlined aria-hidden="true" />
          </Badge>
        }
      />
    </Dropdown>
  );
}

/**
 * The user's picture, or a person icon. No initials: the user menu's visible text must be the
 * name its accessible name contains (WCAG 2.5.3).
 */
export function UserAvatar({ size = 32 }: { size?: number }) {
  const avatar = useSessionStore((s) => s.user?.avatar_url);
  return (
    <Avatar size={size} src={avatar ?? undefined} alt="" icon={<UserOutlined aria-hidden="true" />} className="fyn-avatar" />
  );
}

/** Profile, settings, billing (from the route table) and log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const user = useSessionStore((s) => s.user);
  const items: MenuProps['items'] = [
    ...userMenuRoutes({ isLoggedIn, user }).map((route) => ({
      key: route.path,
      icon: route.menu?.icon ? MENU_ICONS[route.menu.icon] : undefined,
      label: t(route.menu?.labelKey ?? route.titleKey),
    })),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined aria-hidden="true" />, label: t('auth.log_out') },
  ];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => (key === 'logout' ? void logout() : navigate(key)),
      }}
    >
      <Button type="text" className="fyn-user-button" aria-label={t('shell.user_menu', { name: user?.name ?? '' })}>
        <UserAvatar />
        <span className="fyn-user-name">{user?.name}</span>
      </Button>
    </Dropdown>
  );
}
