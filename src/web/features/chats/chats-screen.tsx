import './chats.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Avatar, Badge, Button, Empty, Form, Input, List, Modal, Select, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, CloseOutlined, PaperClipOutlined, PlusOutlined, ReloadOutlined, SendOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Chat, ChatAttachment, ChatMessage } from '#shared/api/chats.ts';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_MESSAGE, MESSAGE_MAX } from '#shared/api/chats.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { attachmentUrl, chatKeys, chatName, chatsApi, type MessagePage } from '../../lib/chats-api.ts';
import { connectionsApi } from '../../lib/connections-api.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { feedback } from '../../lib/feedback.ts';
import { onLive } from '../../lib/live.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** A message on its way: shown at once, sent (and resent on failure) with the same client id. */
type Outgoing = { client_id: string; body: string; attachments: ChatAttachment[]; failed: boolean };

const newClientId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.xlsx,.docx,.csv,.txt';
const sizeOf = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** A message's files: links that download them (members only). */
function Files({ chatId, files }: { chatId: string; files: ChatAttachment[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="fyn-message-files">
      {files.map((a) => (
        <li key={a.key}>
          <a href={attachmentUrl(chatId, a)} download={a.name}>
            <PaperClipOutlined aria-hidden="true" /> {a.name}
          </a>{' '}
          <span>({sizeOf(a.size)})</span>
        </li>
      ))}
    </ul>
  );
}

function ChatRow({ chat, active }: { chat: Chat; active: boolean }) {
  const { t } = useTranslation();
  const other = chat.members[0];
  return (
    <div className={`fyn-chat-row${active ? ' fyn-chat-row-active' : ''}`}>
      <Badge count={chat.unread} size="small">
        <Avatar src={chat.kind === 'direct' ? (other?.avatar_url ?? undefined) : undefined} icon={chat.kind === 'group' ? <TeamOutlined /> : <UserOutlined />} alt="" />
      </Badge>
      <div className="fyn-chat-row-body">
        <Typography.Text strong={chat.unread > 0} ellipsis>
          {chatName(chat)}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis className="fyn-chat-row-last">
          {chat.last_message ? chat.last_message.body : t('chats.no_messages')}
        </Typography.Text>
      </div>
      {chat.last_message && <time className="fyn-chat-row-time" dateTime={chat.last_message.created_at}>{dayjs(chat.last_message.created_at).fromNow(true)}</time>}
      {chat.unread > 0 && <span className="fyn-visually-hidden">{t('chats.unread', { count: chat.unread })}</span>}
    </div>
  );
}

/** Start a chat with connected people: one person is the direct chat, more (with a title) a group. */
function NewChat({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (chat: Chat) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ members: string[]; title?: string }>();
  const members = Form.useWatch('members', form) ?? [];
  const people = useQuery({ queryKey: ['connections', 'list', 'connected', 'user', 'all'], queryFn: () => connectionsApi.page('connected', 'user', null), enabled: open });
  const options = (people.data?.data ?? []).filter((c) => c.other.type === 'user').map((c) => ({ value: c.other.id, label: c.other.name }));
  const start = useMutation({
    mutationFn: (v: { members: string[]; title?: string }) => chatsApi.start(v.members, v.members.length > 1 ? v.title : undefined),
    onSuccess: (chat) => {
      form.resetFields();
      onStarted(chat);
    },
  });
  return (
    <Modal open={open} title={t('chats.new')} onCancel={onClose} onOk={() => form.submit()} okText={t('chats.start')} confirmLoading={start.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => start.mutate(v)}>
        <Form.Item name="members" label={t('chats.with')} rules={[{ required: true, message: t('chats.pick_someone') }]} extra={t('chats.who_may')}>
          <Select mode="multiple" options={options} loading={people.isPending} optionFilterProp="label" notFoundContent={t('chats.no_connections')} />
        </Form.Item>
        {members.length > 1 && (
          <Form.Item name="title" label={t('chats.title')} rules={[{ required: true, message: t('chats.title_needed') }, { max: 120 }]}>
            <Input maxLength={120} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function Conversation({ chat, onBack }: { chat: Chat; onBack: () => void }) {
  const { t } = useTranslation();
  const me = useSessionStore((s) => s.user?.id);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [files, setFiles] = useState<ChatAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const key = chatKeys.messages(chat.id);
  const messages = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => chatsApi.messages(chat.id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.meta.has_more ? (page.data[0]?.id ?? null) : null),
  });
  // Pages come newest page first; each page is oldest first.
  const shown = useMemo(() => [...(messages.data?.pages ?? [])].reverse().flatMap((p) => p.data), [messages.data]);
  const last = shown.at(-1);

  const append = (m: ChatMessage) =>
    queryClient.setQueryData<InfiniteData<MessagePage, string | null>>(key, (data) => {
      if (!data || data.pages.some((p) => p.data.some((x) => x.id === m.id))) return data;
      const [first, ...rest] = data.pages;
      return { ...data, pages: [{ ...first, data: [...first.data, m] }, ...rest] };
    });

  // Messages arrive live; what one's other tabs send too.
  useEffect(
    () =>
      onLive((e) => {
        if (e.type !== 'message') return;
        const m = e.data as unknown as ChatMessage;
        if (m.chat_id !== chat.id) return;
        append(m);
        setOutgoing((o) => o.filter((x) => x.client_id !== m.client_id));
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chat.id],
  );
  // What is on screen is read.
  useEffect(() => {
    if (last && chat.unread > 0) chatsApi.read(chat.id, last.id).then(() => queryClient.invalidateQueries({ queryKey: chatKeys.list }), () => {});
  }, [last?.id, chat.id, chat.unread, queryClient]); // eslint-disable-line react-hooks/exhaustive-deps
  // Braces: newer browsers answer scrollIntoView with a promise, which an effect must not return.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [shown.length, outgoing.length]);

  const deliver = async (o: Outgoing) => {
    setOutgoing((list) => list.map((x) => (x.client_id === o.client_id ? { ...x, failed: false } : x)));
    try {
      const m = await chatsApi.send(chat.id, o.body, o.client_id, o.attachments.map((a) => a.key));
      append(m);
      setOutgoing((list) => list.filter((x) => x.client_id !== o.client_id));
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    } catch {
      setOutgoing((list) => list.map((x) => (x.client_id === o.client_id ? { ...x, failed: true } : x)));
      feedback().message.error(t('chats.not_sent'));
    }
  };
  const send = () => {
    const body = draft.trim();
    if (!body && files.length === 0) return;
    const o = { client_id: newClientId(), body, attachments: files, failed: false };
    setOutgoing((list) => [...list, o]);
    setDraft('');
    setFiles([]);
    void deliver(o);
  };
  const attach = async (list: FileList | null) => {
    const chosen = [...(list ?? [])].slice(0, ATTACHMENTS_PER_MESSAGE - files.length);
    if (picker.current) picker.current.value = '';
    for (const file of chosen) {
      if (file.size > ATTACHMENT_MAX_BYTES) {
        feedback().message.error(t('chats.file_too_large', { name: file.name }));
        continue;
      }
      setUploading(true);
      try {
        const a = await chatsApi.upload(chat.id, file);
        setFiles((f) => [...f, a]);
      } catch {
        // The API client has told the user why (type, size).
      } finally {
        setUploading(false);
      }
    }
  };

  return (
    <section className="fyn-conversation" aria-label={chatName(chat)}>
      <header className="fyn-conversation-head">
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('chats.back')} className="fyn-conversation-back" onClick={onBack} />
        <Typography.Title level={2} className="fyn-conversation-title">
          {chatName(chat)}
        </Typography.Title>
        {chat.kind === 'group' && <Typography.Text type="secondary">{chat.members.map((m) => m.name).join(', ')}</Typography.Text>}
      </header>
      <div className="fyn-messages" role="log" aria-live="polite">
        {messages.hasNextPage && (
          <Button size="small" className="fyn-messages-older" onClick={() => messages.fetchNextPage()} loading={messages.isFetchingNextPage}>
            {t('chats.older')}
          </Button>
        )}
        {messages.isPending && <Skeleton active />}
        {!messages.isPending && shown.length === 0 && outgoing.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chats.say_hello')} />}
        {shown.map((m) => (
          <div key={m.id} className={`fyn-message${m.sender.id === me ? ' fyn-message-mine' : ''}`}>
            {m.sender.id !== me && chat.kind === 'group' && <span className="fyn-message-sender">{m.sender.name}</span>}
            {m.body && <p className="fyn-message-body">{m.body}</p>}
            <Files chatId={chat.id} files={m.attachments ?? []} />
            <time dateTime={m.created_at}>{dayjs(m.created_at).isSame(dayjs(), 'day') ? dayjs(m.created_at).format('HH:mm') : dayjs(m.created_at).format('D MMM, HH:mm')}</time>
          </div>
        ))}
        {outgoing.map((o) => (
          <div key={o.client_id} className="fyn-message fyn-message-mine fyn-message-pending">
            {o.body && <p className="fyn-message-body">{o.body}</p>}
            {o.attachments.map((a) => (
              <span key={a.key}>
                <PaperClipOutlined aria-hidden="true" /> {a.name}
              </span>
            ))}
            {o.failed ? (
              <Button size="small" type="link" danger icon={<ReloadOutlined />} onClick={() => deliver(o)}>
                {t('chats.retry')}
              </Button>
            ) : (
              <span>{t('chats.sending')}</span>
            )}
          </div>
        ))}
        <div ref={bottom} />
      </div>
      {files.length > 0 && (
        <ul className="fyn-composer-files" aria-label={t('chats.files')}>
          {files.map((a) => (
            <li key={a.key}>
              <PaperClipOutlined aria-hidden="true" /> {a.name} ({sizeOf(a.size)})
              <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('chats.remove_file', { name: a.name })} onClick={() => setFiles((f) => f.filter((x) => x.key !== a.key))} />
            </li>
          ))}
        </ul>
      )}
      <form
        className="fyn-composer"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <input ref={picker} type="file" accept={ACCEPT} multiple hidden onChange={(e) => void attach(e.target.files)} aria-label={t('chats.attach')} />
        <Button
          icon={<PaperClipOutlined />}
          aria-label={t('chats.attach')}
          title={t('chats.attach_hint')}
          loading={uploading}
          disabled={files.length >= ATTACHMENTS_PER_MESSAGE}
          onClick={() => picker.current?.click()}
        />
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={MESSAGE_MAX}
          placeholder={t('chats.placeholder')}
          aria-label={t('chats.message')}
        />
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} disabled={(!draft.trim() && files.length === 0) || uploading}>
          {t('chats.send')}
        </Button>
      </form>
    </section>
  );
}

/**
 * /chats: conversations with colleagues and connections, messages live as they arrive.
 * `?with=<userId>` opens (or starts) the direct chat with that person; `?chat=<id>` opens a chat.
 */
export function ChatsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const chats = useQuery({ queryKey: chatKeys.list, queryFn: chatsApi.list });
  const activeId = params.get('chat');
  const withId = params.get('with');
  const open = (id: string | null) => setParams(id ? { chat: id } : {}, { replace: false });

  useEffect(() => {
    if (!withId) return;
    chatsApi.start([withId]).then(
      (chat) => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.list });
        setParams({ chat: chat.id }, { replace: true });
      },
      () => setParams({}, { replace: true }),
    );
  }, [withId, queryClient, setParams]);

  const list = chats.data ?? [];
  const active = list.find((c) => c.id === activeId) ?? null;
  return (
    <section className="fyn-page fyn-chats">
      <RouteTitle />
      <div className={`fyn-chats-layout${active ? ' fyn-chats-has-active' : ''}`}>
        <aside className="fyn-chats-list" aria-label={t('chats.conversations')}>
          <Button type="primary" icon={<PlusOutlined />} block onClick={() => setCreating(true)}>
            {t('chats.new')}
          </Button>
          {chats.isPending ? (
            <Skeleton active avatar />
          ) : list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chats.none')} />
          ) : (
            <List
              dataSource={list}
              renderItem={(c) => (
                // The list item stays a list item; the link is inside it (a list holds only items).
                <List.Item className="fyn-list-link-item">
                  <div className="fyn-chat-item" onClick={() => open(c.id)} onKeyDown={(e) => e.key === 'Enter' && open(c.id)} tabIndex={0} role="link" aria-current={c.id === activeId ? 'true' : undefined}>
                    <ChatRow chat={c} active={c.id === activeId} />
                  </div>
                </List.Item>
              )}
            />
          )}
        </aside>
        <div className="fyn-chats-main">
          {active ? <Conversation key={active.id} chat={active} onBack={() => open(null)} /> : <Empty className="fyn-chats-pick" description={t('chats.pick')} />}
        </div>
      </div>
      <NewChat
        open={creating}
        onClose={() => setCreating(false)}
        onStarted={(chat) => {
          setCreating(false);
          void queryClient.invalidateQueries({ queryKey: chatKeys.list });
          open(chat.id);
        }}
      />
    </section>
  );
}
