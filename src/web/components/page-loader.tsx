import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="fyn-page-loader" role="status" aria-live="polite">
      <Spin />
      <span className="fyn-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
