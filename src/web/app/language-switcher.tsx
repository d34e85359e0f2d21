import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLocale, LANGUAGE_NAMES, LOCALES } from '../lib/i18n.ts';

/**
 * Offers each interface language by its own name. A native select: small, and every device's
 * own picker (antd's Select would add ~40 kB to the login page).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  return (
    <label className="fyn-language-switcher">
      <GlobalOutlined aria-hidden="true" />
      <span className="fyn-visually-hidden">{t('common.language')}</span>
      <select
        value={currentLanguage()}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
