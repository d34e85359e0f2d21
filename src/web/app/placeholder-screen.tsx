import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouteTitle } from '../components/route-title.tsx';

/**
 * A screen that a later issue builds: its title and a plain statement that it is not
 * available yet. It shows no sample data (the breadcrumb comes from the layout).
 */
export function PlaceholderScreen() {
  const { t } = useTranslation();
  return (
    <section className="fyn-page">
      <RouteTitle />
      <div className="fyn-placeholder">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <span className="fyn-placeholder-heading">{t('placeholder.heading')}</span>
              <span className="fyn-placeholder-text">{t('placeholder.text')}</span>
            </>
          }
        />
      </div>
    </section>
  );
}
