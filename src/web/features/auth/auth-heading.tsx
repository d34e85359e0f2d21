import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The card's heading: the screen's title, "Authentication" (the page's h1, as the spec titles the
 * four auth screens), above what this step asks for (h2) and its intro line. Plain markup keeps the
 * auth chunk small.
 */
export function AuthHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="fyn-auth-heading">
      <h1 className="fyn-auth-eyebrow">{t('titles.authentication')}</h1>
      <h2 className="fyn-auth-title">{title}</h2>
      {intro && <p className="fyn-auth-intro">{intro}</p>}
    </div>
  );
}
