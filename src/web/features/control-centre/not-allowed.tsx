import { Alert } from 'antd';
import { isApiFailure } from '../../lib/api-failure.ts';
import { useCcTranslation } from './cc-texts.ts';

/** Whether a query failed because the caller's role may not read it. */
export const forbidden = (error: unknown) => isApiFailure(error) && error.status === 403;

/** In place of what the caller's role may not read (the roles and staff screens). */
export function NotAllowed() {
  const { t } = useCcTranslation();
  return <Alert type="warning" showIcon title={t('control_centre.not_allowed_title')} description={t('control_centre.not_allowed_view')} />;
}
