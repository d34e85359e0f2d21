import { useRef, useState } from 'react';
import { Button, Card, Checkbox, Flex, Image, Input, Select, Space, Typography } from 'antd';
import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UploadedImage } from '#shared/api/posts.ts';
import { POST_BODY_MAX, POST_IMAGE_MAX_BYTES, POST_IMAGE_TYPES, POST_IMAGES_MAX, POST_KINDS, POST_VISIBILITIES, type PostKind, type PostVisibility } from '#shared/api/post-rules.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { postKeys, postsApi } from '../../lib/posts-api.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** Writes a post: text, kind, who reads it, for the organisation when the role allows, up to four pictures. */
export function Composer() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useSessionStore((s) => s.user);
  const canPostForOrg = Boolean(user?.organisation && user.permissions.includes('network.create'));
  const [body, setBody] = useState('');
  const [kind, setKind] = useState<PostKind>('post');
  const [visibility, setVisibility] = useState<PostVisibility>('public');
  const [asOrg, setAsOrg] = useState(false);
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [uploading, setUploading] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const create = useMutation({
    mutationFn: () => postsApi.create({ body: body.trim(), kind, visibility, ...(asOrg && { as_organisation: true }), ...(images.length && { images: images.map((i) => i.key) }) }),
    onSuccess: () => {
      setBody('');
      setKind('post');
      setImages([]);
      feedback().message.success(t('feed.posted'));
      void client.invalidateQueries({ queryKey: postKeys.all });
    },
    onError: (error) => {
      if (isApiFailure(error) && error.code === 'ad_allowance_used') feedback().message.error(t('feed.allowance_exhausted'));
      else if (!(isApiFailure(error) && error.notified)) feedback().message.error(t('feed.post_failed'));
    },
  });

  async function addFiles(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, POST_IMAGES_MAX - images.length);
    for (const file of chosen) {
      if (!(POST_IMAGE_TYPES as readonly string[]).includes(file.type)) {
        feedback().message.error(t('feed.image_type'));
        continue;
      }
      if (file.size > POST_IMAGE_MAX_BYTES) {
        feedback().message.error(t('feed.image_too_large'));
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const uploaded = await postsApi.uploadImage(file);
        setImages((list) => (list.length < POST_IMAGES_MAX ? [...list, uploaded] : list));
      } catch {
        feedback().message.error(t('feed.image_failed'));
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <Card className="fyn-composer" size="small" title={t('feed.compose_title')}>
      <Flex vertical gap={12}>
        <Input.TextArea
          value={body}
          onChange={(e) => setBody(e.target.value)}
          placeholder={t('feed.compose_placeholder')}
          aria-label={t('feed.compose_placeholder')}
          autoSize={{ minRows: 3, maxRows: 12 }}
          maxLength={POST_BODY_MAX}
          showCount
        />
        {images.length > 0 && (
          <Flex gap={8} wrap role="list" aria-label={t('feed.images')}>
            {images.map((img) => (
              <div key={img.key} className="fyn-composer-image" role="listitem">
                <Image src={img.url} width={88} height={88} alt={t('feed.image_alt')} style={{ objectFit: 'cover' }} preview={false} />
                <Button size="small" shape="circle" icon={<CloseOutlined />} aria-label={t('feed.image_remove')} onClick={() => setImages((l) => l.filter((x) => x.key !== img.key))} />
              </div>
            ))}
          </Flex>
        )}
        <Flex gap={8} wrap justify="space-between" align="center">
          <Space wrap>
            <Select<PostKind>
              value={kind}
              onChange={setKind}
              aria-label={t('feed.kind')}
              options={POST_KINDS.map((k) => ({ value: k, label: t(`feed.kinds.${k}`) }))}
              style={{ minWidth: 150 }}
            />
            <Select<PostVisibility>
              value={visibility}
              onChange={setVisibility}
              aria-label={t('feed.visibility')}
              options={POST_VISIBILITIES.map((v) => ({ value: v, label: t(`feed.visibilities.${v}`), disabled: v === 'organisation' && !user?.organisation }))}
              style={{ minWidth: 170 }}
            />
            {canPostForOrg && (
              <Checkbox checked={asOrg} onChange={(e) => setAsOrg(e.target.checked)}>
                {t('feed.as_organisation', { name: user?.organisation?.name ?? '' })}
              </Checkbox>
            )}
            <input ref={fileInput} type="file" accept={POST_IMAGE_TYPES.join(',')} multiple hidden onChange={(e) => void addFiles(e.target.files)} data-testid="post-image-input" />
            <Button icon={<PictureOutlined />} disabled={images.length >= POST_IMAGES_MAX} loading={uploading > 0} onClick={() => fileInput.current?.click()}>
              {t('feed.add_images', { max: POST_IMAGES_MAX })}
            </Button>
          </Space>
          <Button type="primary" disabled={!body.trim() || uploading > 0} loading={create.isPending} onClick={() => create.mutate()}>
            {t('feed.post')}
          </Button>
        </Flex>
        {kind !== 'post' && <Typography.Text type="secondary">{t('feed.ad_hint')}</Typography.Text>}
      </Flex>
    </Card>
  );
}
