import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { LanguageSwitcher } from '../language-switcher.tsx';

/** Most screens. A bare frame for now: the app shell (menus, drawer) comes with its own issue. */
export function HomeLayout() {
  return (
    <Layout className="fyn-home-layout">
      <Layout.Header className="fyn-home-header">
        <Brand />
        <LanguageSwitcher />
      </Layout.Header>
      {/* Layout.Content is the page's <main>. */}
      <Layout.Content className="fyn-home-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
