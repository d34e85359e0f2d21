import { useRef, useState } from 'react';
import { Alert, Avatar, Button, Flex, Typography } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { translateValidation } from '../../lib/form-rules.ts';
import { checkLogoFile, logoProblemOf } from './logo-file.ts';
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
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onFailure = (error: unknown) => {
    if (!isApiFailure(error)) return setProblem(t('errors.server'));
    const known = logoProblemOf(error.code);
    if (known) return setProblem(t(`organisation.${known}`));
    if (error.status === 422 && error.fields.file) return setProblem(translateValidation(error.fields.file));
    if (error.status === 403) return setProblem(t('organisation.not_allowed'));
    if (!error.notified) setProblem(t('errors.server'));
  };
  const upload = useMutation({
    mutationFn: (file: File) => organisationApi.uploadLogo(organisation.id, file),
    onMutate: () => setProblem(null),
    onSuccess: (saved) => {
      onChange(saved);
      feedback().message.success(t('organisation.logo_saved'));
    },
    onError: onFailure,
  });
  const remove = useMutation({
    mutationFn: () => organisationApi.removeLogo(organisation.id),
    onMutate: () => setProblem(null),
    onSuccess: (saved) => {
      onChange(saved);
      feedback().message.success(t('organisation.logo_removed'));
    },
    onError: onFailure,
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    const local = checkLogoFile(file);
    if (local) return setProblem(t(`organisation.${local}`));
    upload.mutate(file);
  };

  return (
    <Flex gap={24} align="center" wrap>
      <Avatar
        shape="square"
        size={96}
        src={organisation.logo_url ?? undefined}
        icon={<PictureOutlined />}
        alt={t('organisation.logo_alt', { name: organisation.name })}
      />
      {editable && (
        <Flex vertical gap={12}>
          <Flex gap={12} wrap>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="fyn-visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="logo-input"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button icon={<UploadOutlined aria-hidden="true" />} loading={upload.isPending} onClick={() => input.current?.click()}>
              {organisation.logo_url ? t('organisation.logo_replace') : t('organisation.logo_upload')}
            </Button>
            {organisation.logo_url && (
              <Button icon={<DeleteOutlined aria-hidden="true" />} loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('organisation.logo_remove')}
              </Button>
            )}
          </Flex>
          <Typography.Text type="secondary">{t('organisation.logo_hint')}</Typography.Text>
          {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        </Flex>
      )}
    </Flex>
  );
}
