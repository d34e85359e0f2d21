import { Card, Col, Empty, Row, Segmented, Select, Space, Statistic, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TASK_STATUSES } from '#shared/resources/work-records.ts';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { api } from '../../lib/api-client.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { memberOptions, type MemberOption } from '../../lib/member-options.ts';
import { operationsApi, operationsKeys } from '../../lib/operations-api.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useOperationsTranslation } from './operations-texts.ts';
import { BOOKINGS_PATH, SHIPMENTS_PATH } from './bits.tsx';
import { Link } from 'react-router';

type Task = { id: string; title: string; description: string | null; status: string; priority: string; due_on: string | null; assignee_user_id: string | null; shipment_id: string | null; booking_id: string | null; created_at: string };
type Scope = 'mine' | 'team';

/**
 * /task-assignment: the checklists the templates attached to bookings and shipments (and tasks
 * written by hand), mine or the team's, by status; assign, reassign and move them on here.
 */
export function TasksScreen() {
  const { t } = useOperationsTranslation();
  const client = useQueryClient();
  const me = useSessionStore((s) => s.user?.id ?? null);
  const [scope, setScope] = useState<Scope>('mine');
  const [status, setStatus] = useState<string>('open');
  const meta = useQuery({ queryKey: operationsKeys.taskMeta(scope), queryFn: () => operationsApi.taskMeta(scope) });
  const staff = useQuery({ queryKey: ['staff', 'all'], queryFn: () => api.get<MemberOption[]>('/staff', { silent: true }).catch(() => []) });
  const params = {
    per_page: 100, sort: 'due_on',
    ...(scope === 'mine' && me && { 'filter[assignee_user_id]': me }),
    ...(status !== 'open' && status !== 'all' && { 'filter[status]': status }),
  };
  const tasks = useQuery({ queryKey: ['tasks', 'list', scope, status, me], queryFn: () => api.list<Task>('/tasks', { params: { ...params, sort: '-created_at' } }) });
  const rows = (tasks.data?.data ?? [])
    .filter((x) => status !== 'open' || x.status === 'todo' || x.status === 'in_progress')
    .sort((a, b) => (a.due_on ?? '9999').localeCompare(b.due_on ?? '9999'));
  const today = new Date().toISOString().slice(0, 10);
  const refresh = () => void client.invalidateQueries({ queryKey: ['tasks'] });

  async function assign(task: Task, userId: string) {
    try {
      await operationsApi.assignTask(task.id, userId);
      feedback().message.success(t('tasks.assigned'));
      refresh();
    } catch (e) {
      showFailure(e);
    }
  }
  async function move(task: Task, next: string) {
    try {
      await api.patch(`/tasks/${task.id}`, { status: next });
      refresh();
    } catch (e) {
      showFailure(e);
    }
  }
  const m = meta.data;
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Segmented<Scope> aria-label={t('tasks.scope')} value={scope} onChange={setScope} options={[{ value: 'mine', label: t('tasks.mine') }, { value: 'team', label: t('tasks.team') }]} />
        <Row gutter={[16, 16]}>
          {(['todo', 'in_progress', 'done'] as const).map((s) => (
            <Col xs={12} md={4} key={s}><Card size="small"><Statistic title={t(`tasks.status.${s}`)} value={m?.by_status[s] ?? 0} loading={meta.isPending} /></Card></Col>
          ))}
          <Col xs={12} md={4}><Card size="small"><Statistic title={t('tasks.due_today')} value={m?.due_today ?? 0} loading={meta.isPending} /></Card></Col>
          <Col xs={12} md={4}><Card size="small"><Statistic title={t('tasks.overdue')} value={m?.overdue ?? 0} valueStyle={m?.overdue ? { color: '#cf1322' } : undefined} loading={meta.isPending} /></Card></Col>
        </Row>
        <Segmented aria-label={t('tasks.status_label')} value={status} onChange={setStatus}
          options={[{ value: 'open', label: t('tasks.open') }, ...TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.status.${s}`) })), { value: 'all', label: t('tasks.all') }]} />
        <DataTable<Task>
          aria-label={t('tasks.list')}
          rows={rows}
          rowKey={(x) => x.id}
          loading={tasks.isFetching}
          empty={<Empty description={scope === 'mine' ? t('tasks.none_mine') : t('tasks.none')} />}
          columns={[
            { key: 'title', title: t('tasks.title_label'), render: (x) => x.title },
            {
              key: 'subject', title: t('tasks.subject'),
              render: (x) => (x.shipment_id ? <Link to={`${SHIPMENTS_PATH}/${x.shipment_id}`}>{t('tasks.on_shipment')}</Link> : x.booking_id ? <Link to={`${BOOKINGS_PATH}/${x.booking_id}`}>{t('tasks.on_booking')}</Link> : '—'),
            },
            { key: 'due', title: t('tasks.due'), render: (x) => (x.due_on ? <Tag color={x.due_on < today && (x.status === 'todo' || x.status === 'in_progress') ? 'error' : x.due_on === today ? 'warning' : 'default'}>{x.due_on}</Tag> : '—') },
            { key: 'priority', title: t('tasks.priority'), render: (x) => t(`tasks.priorities.${x.priority}`) },
            {
              key: 'assignee', title: t('tasks.assignee'),
              render: (x) => (
                <Select aria-label={t('tasks.assign_to', { title: x.title })} style={{ width: 190 }} placeholder={t('tasks.assign')} value={x.assignee_user_id ?? undefined}
                  onChange={(v: string) => assign(x, v)} options={memberOptions(staff.data, x.assignee_user_id)} />
              ),
            },
            {
              key: 'status', title: t('tasks.status_label'),
              render: (x) => (
                <Select aria-label={t('tasks.status_of', { title: x.title })} style={{ width: 150 }} value={x.status} onChange={(v: string) => move(x, v)}
                  options={TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.status.${s}`) }))} />
              ),
            },
          ]}
        />
      </Space>
    </section>
  );
}
