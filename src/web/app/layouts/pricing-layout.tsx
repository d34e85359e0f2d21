import { Outlet } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { ScreenProviders } from '../screen-providers.tsx';
import { LanguageSwitcher } from '../language-switcher.tsx';

/** The pricing layout (the pricing screen comes with the subscriptions issue). */
export function PricingLayout() {
  return (
    <div className="fyn-plain-layout">
      <header className="fyn-plain-header">
        <Brand />
        <LanguageSwitcher />
      </header>
      <main className="fyn-plain-main fyn-plain-main-wide">
        <ScreenProviders>
          <Outlet />
        </ScreenProviders>
      </main>
    </div>
  );
}
