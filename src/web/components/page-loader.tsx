import { useTranslation } from 'react-i18next';

/** Shown while a screen's code loads: a CSS spinner (antd's Spin would weigh on the first page). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="fyn-page-loader" role="status" aria-live="polite">
      <span className="fyn-spinner" aria-hidden="true" />
      <span className="fyn-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
