import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, InputNumber, Pagination, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '#shared/money/format.ts';
import type { AiCredits, AiEngine } from '#shared/api/ai.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { aiApi, aiKeys, newRequestId } from '../../lib/ai-api.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback } from '../../lib/feedback.ts';
import { formatDay } from '../../lib/format-day.ts';
import { useAiTranslation } from './ai-texts.ts';
import './ai.css';

/** Simple bars of credits used (a labelled list, readable without the picture). */
function UsageBars({ title, rows }: { title: string; rows: { key: string; label: string; credits: number; extra?: string }[] }) {
  const { t } = useAiTranslation();
  const max = Math.max(1, ...rows.map((r) => r.credits));
  return (
    <Card size="small" title={title}>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('no_use')}</Typography.Text>
      ) : (
        <ul className="fyn-ai-bars" aria-label={title}>
          {rows.map((r) => (
            <li key={r.key}>
              <span className="fyn-ai-bars-label">{r.label}</span>
              <span className="fyn-ai-bars-track" aria-hidden="true">
                <span className="fyn-ai-bars-fill" style={{ width: `${(Math.max(0, r.credits) / max) * 100}%` }} />
              </span>
              <span className="fyn-ai-bars-value">{t('credits', { count: r.credits })}{r.extra ? ` · ${r.extra}` : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The engine that answers, as the server is configured, and how an operator configures a provider. */
function EngineInUse({ engine }: { engine: AiEngine | undefined }) {
  const { t } = useAiTranslation();
  if (!engine) return <Skeleton active paragraph={{ rows: 2 }} />;
  const provider = engine.kind === 'provider';
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'engine', label: t('engine'), children: t(provider ? 'price_provider' : 'price_builtin') },
          ...(provider ? [{ key: 'model', label: t('engine_model'), children: engine.model }, { key: 'service', label: t('engine_service'), children: engine.base_url_host }] : []),
        ]}
      />
      <Typography.Paragraph>{t(provider ? 'engine_provider' : 'engine_builtin')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('engine_configure')}</Typography.Paragraph>
    </>
  );
}

function MemberCaps({ credits }: { credits: AiCredits }) {
  const { t } = useAiTranslation();
  const client = useQueryClient();
  const [caps, setCaps] = useState<Record<string, number | null>>({});
  const save = useMutation({
    mutationFn: ({ userId, cap }: { userId: string; cap: number | null }) => aiApi.setCap(userId, cap),
    onSuccess: async () => {
      feedback().message.success(t('cap_saved'));
      await client.invalidateQueries({ queryKey: aiKeys.credits });
    },
  });
  if (!credits.can_manage || credits.by_member.length === 0) return null;
  return (
    <Card size="small" title={t('cap')}>
      <Flex vertical gap={8}>
        {credits.by_member.map((m) => (
          <Space key={m.user_id} wrap>
            <span>{m.name}</span>
            <InputNumber
              min={0}
              aria-label={`${t('cap')} ${m.name}`}
              placeholder={t('no_cap')}
              value={m.user_id in caps ? caps[m.user_id] : m.monthly_cap}
              onChange={(v) => setCaps((c) => ({ ...c, [m.user_id]: v === null ? null : Number(v) }))}
            />
            <Button onClick={() => save.mutate({ userId: m.user_id, cap: m.user_id in caps ? caps[m.user_id] : m.monthly_cap })}>{t('set_cap')}</Button>
          </Space>
        ))}
      </Flex>
    </Card>
  );
}

/** /ai ("AI Credits"): balance, allowance and period, use by feature and member, history, packs, prices and the engine. */
export function AiScreen() {
  const { t, i18n } = useAiTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const credits = useQuery({ queryKey: aiKeys.credits, queryFn: aiApi.credits });
  const prices = useQuery({ queryKey: aiKeys.prices, queryFn: aiApi.prices });
  const usage = useQuery({ queryKey: aiKeys.usage(page), queryFn: () => aiApi.usage(page) });
  const [problem, setProblem] = useState<string | null>(null);
  const buy = useMutation({
    mutationFn: (pack: number) => aiApi.purchase(pack, newRequestId()),
    onMutate: () => setProblem(null),
    onSuccess: async (r) => {
      feedback().message.success(t('bought', { count: r.credits, invoice: r.invoice_number }));
      await client.invalidateQueries({ queryKey: aiKeys.all });
    },
    onError: (error) => {
      if (isApiFailure(error) && error.status === 403) return setProblem(t('owners_only'));
      if (isApiFailure(error) && error.status === 422) return setProblem(t('buy_needs_card'));
      if (isApiFailure(error) && error.status > 0 && error.status < 500) return setProblem(error.message);
    },
  });
  const c = credits.data;
  const featureName = (f: string) => t(`features.${f}`);
  return (
    <Flex vertical gap={16} className="fyn-ai">
      <RouteTitle />
      {!c ? (
        <Skeleton active />
      ) : (
        <>
          <Flex gap={16} wrap>
            <Card size="small"><Statistic title={t('balance')} value={c.balance} suffix={t('credit_word', { count: c.balance })} /></Card>
            <Card size="small"><Statistic title={t('allowance')} value={c.allowance} /></Card>
            <Card size="small"><Statistic title={t('purchased')} value={c.purchased} /></Card>
            <Card size="small"><Statistic title={t('used')} value={c.used_this_period} /></Card>
            <Card size="small">
              <Typography.Text type="secondary">{t('period')}</Typography.Text>
              <div>{t('period_range', { from: formatDay(c.period_start.slice(0, 10), i18n.language), to: formatDay(c.period_end.slice(0, 10), i18n.language) })}</div>
            </Card>
          </Flex>
          <Flex gap={16} wrap className="fyn-ai-charts">
            <UsageBars title={t('by_feature')} rows={c.by_feature.map((f) => ({ key: f.feature, label: featureName(f.feature), credits: f.credits }))} />
            <UsageBars title={t('by_member')} rows={c.by_member.filter((m) => m.calls > 0).map((m) => ({ key: m.user_id, label: m.name, credits: m.credits, extra: m.monthly_cap === null ? undefined : `${t('cap')} ${m.monthly_cap}` }))} />
          </Flex>
          <MemberCaps credits={c} />
        </>
      )}
      <Card
        size="small"
        title={t('history')}
        extra={
          <Space>
            <Button href="/api/ai/usage/export?format=csv">{t('export_csv')}</Button>
            <Button href="/api/ai/usage/export?format=xlsx">{t('export_xlsx')}</Button>
          </Space>
        }
      >
        <Table
          size="small"
          rowKey="id"
          loading={usage.isLoading}
          pagination={false}
          dataSource={usage.data?.data ?? []}
          columns={[
            { key: 'when', title: t('when'), render: (_, r) => new Date(r.created_at).toLocaleString(i18n.language) },
            { key: 'feature', title: t('feature'), render: (_, r) => featureName(r.feature) },
            { key: 'member', title: t('member'), dataIndex: 'member' },
            { key: 'engine', title: t('engine'), render: (_, r) => (r.engine === 'provider' ? [t('price_provider'), r.model].filter(Boolean).join(' · ') : t('price_builtin')) },
            { key: 'tokens', title: t('tokens'), render: (_, r) => r.tokens_in + r.tokens_out },
            // A refunded call's charge is struck through: the ledger gave it back (the result says so).
            { key: 'credits', title: t('credits_charged'), render: (_, r) => (r.status === 'failed' ? <Typography.Text delete type="secondary">{t('credits', { count: r.credits })}</Typography.Text> : t('credits', { count: r.credits })) },
            { key: 'duration', title: t('duration'), render: (_, r) => `${r.duration_ms} ms` },
            { key: 'status', title: t('status'), render: (_, r) => <Tag color={r.status === 'ok' ? 'green' : r.status === 'failed' ? 'orange' : 'blue'}>{t(`statuses.${r.status}`)}</Tag> },
          ]}
        />
        {(usage.data?.meta.total ?? 0) > 10 && <Pagination size="small" current={page} pageSize={10} total={usage.data?.meta.total ?? 0} onChange={setPage} showSizeChanger={false} />}
      </Card>
      <Flex gap={16} wrap>
        <Card size="small" title={t('buy')} className="fyn-ai-card">
          {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 12 }} />}
          <Flex vertical gap={8}>
            {prices.data?.packs.map((p) => (
              <Button key={p.credits} disabled={c ? !c.can_manage : true} loading={buy.isPending && buy.variables === p.credits} onClick={() => buy.mutate(p.credits)}>
                {t('buy_pack', { count: p.credits, price: formatMoney(p.amount_minor, p.currency, i18n.language) })}
              </Button>
            ))}
            <Typography.Text type="secondary">{c && !c.can_manage ? t('owners_only') : t('buy_needs_card')}</Typography.Text>
          </Flex>
        </Card>
        <Card size="small" title={t('prices')} className="fyn-ai-card">
          <Table
            size="small"
            rowKey="feature"
            pagination={false}
            dataSource={prices.data?.features ?? []}
            columns={[
              { key: 'feature', title: t('feature'), render: (_, r) => featureName(r.feature) },
              { key: 'builtin', title: t('price_builtin'), render: (_, r) => t('credits', { count: r.builtin }) },
              { key: 'provider', title: t('price_provider'), render: (_, r) => t('credits', { count: r.provider }) },
            ]}
          />
        </Card>
        <Card size="small" title={t('engine_title')} className="fyn-ai-card">
          <EngineInUse engine={c?.engine ?? prices.data?.engine} />
        </Card>
      </Flex>
    </Flex>
  );
}
