import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The FYN logo text and, unless compact, the app title "Forward Your Network". */
export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="fyn-brand">
      <span className="fyn-logo">FYN</span>
      {!compact && <span className="fyn-app-title">{t('app.title')}</span>}
    </Link>
  );
}
