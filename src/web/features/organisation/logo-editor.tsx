import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ImageEditor } from '../../components/image-editor.tsx';
import { organisationApi, type Organisation } from './organisation-api.ts';

/** The organisation's logo: upload (PNG, JPEG, WebP ≤ 2 MB, checked here first) and remove. */
export function LogoEditor({
  organisation,
  editable,
  onChange,
}: {
  organisation: Pick<Organisation, 'id' | 'name' | 'logo_url'>;
  editable: boolean;
  onChange: (organisation: Organisation) => void;
}) {
  const { t } = useTranslation();
  return (
    <ImageEditor
      src={organisation.logo_url}
      alt={t('organisation.logo_alt', { name: organisation.name })}
      placeholder={<PictureOutlined />}
      shape="square"
      editable={editable}
      testId="logo-input"
      texts={{
        upload: t('organisation.logo_upload'),
        replace: t('organisation.logo_replace'),
        remove: t('organisation.logo_remove'),
        hint: t('organisation.logo_hint'),
        saved: t('organisation.logo_saved'),
        removed: t('organisation.logo_removed'),
        problems: { type: t('organisation.logo_type'), too_large: t('organisation.logo_too_large') },
        forbidden: t('organisation.not_allowed'),
      }}
      upload={async (file) => onChange(await organisationApi.uploadLogo(organisation.id, file))}
      remove={async () => onChange(await organisationApi.removeLogo(organisation.id))}
    />
  );
}
