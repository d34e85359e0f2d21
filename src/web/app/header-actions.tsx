import { Avatar, Button, Dropdown, Empty, Switch, type MenuProps } from 'antd';
import { BellOutlined, LogoutOutlined, MoonOutlined, SearchOutlined, SunOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../lib/session.ts';
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

/** The notifications bell. Notifications arrive with their own issue; until then it says so. */
export function NotificationsBell() {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div className="fyn-dropdown-panel" role="status">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.no_notifications')} />
        </div>
      )}
    >
      <Button type="text" shape="circle" icon={<BellOutlined aria-hidden="true" />} aria-label={t('shell.notifications')} />
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
      label: t(route.titleKey),
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
