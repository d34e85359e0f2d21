import { Button, Input, List, Modal, Select, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnalyticsView } from '#shared/api/analytics.ts';
import { api } from '../../lib/api-client.ts';
import { analyticsViewsApi, type AnalyticsParams } from '../../lib/analytics-api.ts';
import { memberOptions, type MemberOption } from '../../lib/member-options.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { useAnalyticsTranslation } from './analytics-texts.ts';

/** Save the page's filters with a name, open a saved view, and mail it to members weekly or monthly. */
export function SavedViews({ params, onApply }: { params: AnalyticsParams; onApply: (filters: Record<string, string>) => void }) {
  const { t } = useAnalyticsTranslation();
  const client = useQueryClient();
  const me = useSessionStore((s) => s.user?.id ?? '');
  const views = useQuery({ queryKey: analyticsViewsApi.key, queryFn: analyticsViewsApi.list });
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [managing, setManaging] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: analyticsViewsApi.key });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSubmit(() => analyticsViewsApi.save(name.trim(), params), {
    onSuccess: (view) => { setSaving(false); setName(''); setProblem(null); setManaging(view.id); void refresh(); },
    onFailure: (failure) => { setProblem(failure.message); return true; },
  });
  const current = views.data?.find((v) => v.id === managing) ?? null;
  return (
    <Space align="end" wrap>
      <label className="fyn-analytics-field">{t('views.saved')}
        <Select style={{ width: 200 }} placeholder={t('views.choose')} value={managing ?? undefined} aria-label={t('views.saved')}
          options={(views.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
          onChange={(id: string) => { const v = views.data?.find((x) => x.id === id); if (v) { setManaging(id); onApply(v.filters); } }} />
      </label>
      <Button onClick={() => setSaving(true)}>{t('views.save')}</Button>
      {current && <SubscribeButton view={current} me={me} onChanged={refresh} />}
      <Modal open={saving} title={t('views.save')} okText={t('views.save')} cancelText={t('views.cancel')} onCancel={() => setSaving(false)}
        okButtonProps={{ disabled: !name.trim(), loading: save.busy }} onOk={() => save.submit()} destroyOnHidden>
        <label>{t('views.name')}<Input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} onPressEnter={() => name.trim() && save.submit()} autoFocus /></label>
        {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      </Modal>
    </Space>
  );
}

function SubscribeButton({ view, me, onChanged }: { view: AnalyticsView; me: string; onChanged: () => void }) {
  const { t } = useAnalyticsTranslation();
  const [open, setOpen] = useState(false);
  const [who, setWho] = useState(me);
  const [frequency, setFrequency] = useState<'weekly' | 'monthly'>('weekly');
  const staff = useQuery({ queryKey: ['staff', 'all'], queryFn: () => api.get<MemberOption[]>('/staff', { silent: true }).catch(() => []), enabled: open });
  const subscribe = useMutation({ mutationFn: () => analyticsViewsApi.subscribe(view.id, who, frequency), onSuccess: onChanged });
  const stop = useMutation({ mutationFn: (id: string) => analyticsViewsApi.unsubscribe(view.id, id), onSuccess: onChanged });
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('views.mail')}</Button>
      <Modal open={open} title={t('views.mail_title', { name: view.name })} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Space wrap align="end">
          <label className="fyn-analytics-field">{t('views.member')}
            <Select style={{ width: 220 }} value={who} onChange={setWho} aria-label={t('views.member')}
              options={memberOptions(staff.data?.length ? staff.data : [{ user_id: me, name: t('views.myself') }])} />
          </label>
          <label className="fyn-analytics-field">{t('views.frequency')}
            <Select style={{ width: 160 }} value={frequency} onChange={setFrequency} aria-label={t('views.frequency')}
              options={[{ value: 'weekly', label: t('views.weekly') }, { value: 'monthly', label: t('views.monthly') }]} />
          </label>
          <Button type="primary" loading={subscribe.isPending} onClick={() => subscribe.mutate()}>{t('views.subscribe')}</Button>
        </Space>
        <List style={{ marginTop: 16 }} size="small" locale={{ emptyText: t('views.nobody') }} dataSource={view.subscriptions}
          renderItem={(s) => (
            <List.Item actions={[<Button key="stop" size="small" onClick={() => stop.mutate(s.id)}>{t('views.stop')}</Button>]}>
              {s.name} · {t(`views.${s.frequency}`)}
            </List.Item>
          )} />
      </Modal>
    </>
  );
}
