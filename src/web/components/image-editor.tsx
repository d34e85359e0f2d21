import { useRef, useState, type ReactNode } from 'react';
import { Alert, Avatar, Button, Flex, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiFailure } from '../lib/api-failure.ts';
import { feedback } from '../lib/feedback.ts';
import { translateValidation } from '../lib/form-rules.ts';
import { checkImageFile, imageProblemOf, type ImageProblem } from '../lib/image-file.ts';

export type ImageEditorTexts = {
  upload: string;
  replace: string;
  remove: string;
  hint: string;
  saved: string;
  removed: string;
  problems: Record<ImageProblem, string>;
  /** Said on a 403 (a role that may not change the picture). */
  forbidden?: string;
};

/**
 * A picture with upload and remove (the profile's avatar, an organisation's logo): PNG, JPEG or
 * WebP up to 2 MB, checked here before anything is sent; the server's refusals shown in words.
 */
export function ImageEditor({
  src,
  alt,
  placeholder,
  shape = 'circle',
  editable = true,
  texts,
  upload,
  remove,
  testId,
}: {
  src: string | null;
  alt: string;
  placeholder: ReactNode;
  shape?: 'circle' | 'square';
  editable?: boolean;
  texts: ImageEditorTexts;
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onError = (error: unknown) => {
    if (!isApiFailure(error)) return setProblem(t('errors.server'));
    const known = imageProblemOf(error.code);
    if (known) return setProblem(texts.problems[known]);
    if (error.status === 422 && error.fields.file) return setProblem(translateValidation(error.fields.file));
    if (error.status === 403 && texts.forbidden) return setProblem(texts.forbidden);
    if (!error.notified) setProblem(t('errors.server'));
  };
  const save = useMutation({
    mutationFn: upload,
    onMutate: () => setProblem(null),
    onSuccess: () => feedback().message.success(texts.saved),
    onError,
  });
  const drop = useMutation({
    mutationFn: remove,
    onMutate: () => setProblem(null),
    onSuccess: () => feedback().message.success(texts.removed),
    onError,
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    const local = checkImageFile(file);
    if (local) return setProblem(texts.problems[local]);
    save.mutate(file);
  };

  return (
    <Flex gap={24} align="center" wrap>
      <Avatar shape={shape} size={96} src={src ?? undefined} icon={placeholder} alt={alt} />
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
              data-testid={testId}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button icon={<UploadOutlined aria-hidden="true" />} loading={save.isPending} onClick={() => input.current?.click()}>
              {src ? texts.replace : texts.upload}
            </Button>
            {src && (
              <Button icon={<DeleteOutlined aria-hidden="true" />} loading={drop.isPending} onClick={() => drop.mutate()}>
                {texts.remove}
              </Button>
            )}
          </Flex>
          <Typography.Text type="secondary">{texts.hint}</Typography.Text>
          {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        </Flex>
      )}
    </Flex>
  );
}
