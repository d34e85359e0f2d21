import { useState } from 'react';
import { Button, Flex, Popover, Select } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONNECTION_SOURCES, type ActorType, type ConnectionSource } from '#shared/api/connections.ts';
import { isApiFailure } from '../lib/api-failure.ts';
import { connectionKeys, connectionsApi } from '../lib/connections-api.ts';
import { feedback } from '../lib/feedback.ts';

const MESSAGE_MAX = 500;

/**
 * "Connect": asks to connect with a person or an organisation, with an optional note and how the
 * two know each other, from wherever they are found (search, suggestions).
 */
export function ConnectButton({ target, name, primary = false, onDone }: { target: { type: ActorType; id: string }; name: string; primary?: boolean; /** After the request was answered (sent or refused). */ onDone?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [source, setSource] = useState<ConnectionSource | undefined>();
  const ask = useMutation({
    mutationFn: () => connectionsApi.request(target, { message: message.trim() || undefined, source }),
    onSuccess: () => {
      setOpen(false);
      feedback().message.success(t('search.requested', { name }));
    },
    onError: (error) => {
      if (isApiFailure(error) && !error.notified) feedback().message.error(error.status === 409 || error.status === 404 ? t('connections.changed') : t('errors.server'));
    },
    onSettled: () => {
      onDone?.();
      return Promise.all([queryClient.invalidateQueries({ queryKey: ['search'] }), queryClient.invalidateQueries({ queryKey: connectionKeys.all })]);
    },
  });
  const form = (
    <Flex vertical gap={8} style={{ width: 340, maxWidth: '80vw' }}>
      <TextArea
        aria-label={t('connect.message')}
        placeholder={t('connect.message_placeholder', { name })}
        value={message}
        maxLength={MESSAGE_MAX}
        autoSize={{ minRows: 3, maxRows: 6 }}
        onChange={(e) => setMessage(e.target.value)}
      />
      <Select<ConnectionSource>
        aria-label={t('connect.source')}
        placeholder={t('connect.source')}
        allowClear
        value={source}
        onChange={setSource}
        options={CONNECTION_SOURCES.map((code) => ({ value: code, label: t(`connections.sources.${code}`) }))}
      />
      <Flex gap={8} justify="end">
        <Button onClick={() => setOpen(false)}>{t('connections.cancel')}</Button>
        <Button type="primary" loading={ask.isPending} onClick={() => ask.mutate()}>
          {t('connect.send')}
        </Button>
      </Flex>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} title={t('search.connect_with', { name })} content={form}>
      <Button type={primary ? 'primary' : 'default'} aria-label={t('search.connect_with', { name })}>
        {t('search.connect')}
      </Button>
    </Popover>
  );
}
