import { Outlet } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { LanguageSwitcher } from '../language-switcher.tsx';

/** Authentication screens: a centred card under the FYN brand. */
export function AuthLayout() {
  return (
    <div className="fyn-auth-layout">
      <header className="fyn-auth-header">
        <LanguageSwitcher />
      </header>
      <main className="fyn-auth-main">
        <div className="fyn-auth-brand">
          <Brand />
        </div>
        {/* A styled div rather than antd's Card, which brings Tabs and Menu along. */}
        <div className="fyn-auth-card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
