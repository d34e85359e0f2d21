import { Outlet } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { ScreenProviders } from '../screen-providers.tsx';

/** The 404 layout: the brand and the screen, nothing else. */
export function NotFoundLayout() {
  return (
    <div className="fyn-plain-layout">
      <header className="fyn-plain-header">
        <Brand />
      </header>
      <main className="fyn-plain-main">
        <ScreenProviders>
          <Outlet />
        </ScreenProviders>
      </main>
    </div>
  );
}
