import { Button, DatePicker, Empty, Form, Input, InputNumber, Modal, Popconfirm, Progress, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Goal } from '#shared/api/performance.ts';
import { GOAL_STATUSES, type GoalStatus } from '#shared/hr/performance.ts';
import { DataTable } from '../../components/data-table.tsx';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { performanceApi, performanceKeys } from '../../lib/performance-api.ts';
import { usePerformanceTranslation } from './performance-texts.ts';

const STATUS_COLOURS: Record<GoalStatus, string> = { open: 'processing', done: 'success', dropped: 'default' };

/** Goals in tree order: each top-level goal followed by its sub-goals (whose parent is in the list). */
export function goalTree(goals: readonly Goal[]): { goal: Goal; depth: 0 | 1 }[] {
  const ids = new Set(goals.map((g) => g.id));
  const out: { goal: Goal; depth: 0 | 1 }[] = [];
  for (const g of goals) {
    if (g.parent_id && ids.has(g.parent_id)) continue;
    out.push({ goal: g, depth: 0 });
    for (const c of goals) if (c.parent_id === g.id) out.push({ goal: c, depth: 1 });
  }
  return out;
}

type Editing = { goal: Goal | null; parent: Goal | null };

/**
 * Goals as a tree with progress bars: a goal with sub-goals shows their weighted progress. Adding,
 * editing and deleting when `editable` (one's own goals, or a manager's / HR's view of someone's).
 */
export function GoalsPanel({ goals, loading, editable, employeeId, cycleId, cycles, label }: {
  goals: readonly Goal[];
  loading?: boolean;
  editable: boolean;
  /** Whose goals new ones are (someone else's); one's own when absent. */
  employeeId?: string;
  /** The cycle new goals go into. */
  cycleId?: string | null;
  /** The cycles a goal may be set in (a select in the form); none: no select. */
  cycles?: readonly { id: string; name: string }[];
  label: string;
}) {
  const { t } = usePerformanceTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const rows = goalTree(goals);
  const withChildren = new Set(goals.map((g) => g.parent_id).filter(Boolean));
  async function remove(g: Goal) {
    try {
      await performanceApi.deleteGoal(g.id);
      feedback().message.success(t('goals.deleted'));
      void client.invalidateQueries({ queryKey: performanceKeys.all });
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {editable && <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ goal: null, parent: null })}>{t('goals.add')}</Button>}
      <DataTable<{ goal: Goal; depth: 0 | 1 }>
        aria-label={label}
        rows={rows}
        rowKey={(r) => r.goal.id}
        loading={loading}
        empty={<Empty description={t('goals.none')} />}
        columns={[
          {
            key: 'title', title: t('goals.title'), render: ({ goal, depth }) => (
              <div style={{ paddingInlineStart: depth * 24 }}>
                {depth === 1 && <span aria-hidden="true">↳ </span>}
                <Typography.Text strong={depth === 0} delete={goal.status === 'dropped'}>{goal.title}</Typography.Text>
                {goal.description && <div><Typography.Text type="secondary">{goal.description}</Typography.Text></div>}
              </div>
            ),
          },
          {
            key: 'progress', title: t('goals.progress'), render: ({ goal }) => (
              <div style={{ minWidth: 140 }}>
                <Progress percent={goal.rolled_progress} size="small" status={goal.status === 'done' ? 'success' : undefined} aria-label={t('goals.progress_of', { title: goal.title, percent: goal.rolled_progress })} />
                {withChildren.has(goal.id) && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('goals.rolled_up')}</Typography.Text>}
              </div>
            ),
          },
          { key: 'weight', title: t('goals.weight'), align: 'end', render: ({ goal, depth }) => (depth === 1 ? goal.weight : '') },
          { key: 'due', title: t('goals.due'), render: ({ goal }) => goal.due_date ?? '' },
          { key: 'status', title: t('goals.status_label'), render: ({ goal }) => <Tag color={STATUS_COLOURS[goal.status]}>{t(`goals.status.${goal.status}`)}</Tag> },
          ...(editable ? [{
            key: 'actions', title: '', align: 'end' as const, render: ({ goal, depth }: { goal: Goal; depth: 0 | 1 }) => (
              <Space size={4} wrap>
                {depth === 0 && <Button size="small" onClick={() => setEditing({ goal: null, parent: goal })}>{t('goals.add_sub')}</Button>}
                <Button size="small" onClick={() => setEditing({ goal, parent: null })}>{t('goals.edit')}</Button>
                <Popconfirm title={t('goals.delete_confirm')} onConfirm={() => remove(goal)}>
                  <Button size="small" danger>{t('goals.delete')}</Button>
                </Popconfirm>
              </Space>
            ),
          }] : []),
        ]}
      />
      {editing && <GoalForm editing={editing} employeeId={employeeId} cycleId={cycleId ?? null} cycles={cycles} onClose={() => setEditing(null)} />}
    </Space>
  );
}

type GoalValues = { title: string; description?: string; weight: string; progress: number; due_date?: Dayjs | null; status: GoalStatus; cycle_id?: string | null };

function GoalForm({ editing, employeeId, cycleId, cycles, onClose }: { editing: Editing; employeeId?: string; cycleId: string | null; cycles?: readonly { id: string; name: string }[]; onClose: () => void }) {
  const { t } = usePerformanceTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<GoalValues>();
  const { goal, parent } = editing;
  const isSub = Boolean(parent ?? goal?.parent_id);
  const { submit, busy } = useSubmit(
    (v: GoalValues) => {
      const common = { title: v.title, description: v.description?.trim() || null, weight: String(v.weight), progress: v.progress, due_date: v.due_date ? v.due_date.format('YYYY-MM-DD') : null, status: v.status };
      return goal
        ? performanceApi.updateGoal(goal.id, { ...common, ...(!isSub && cycles && { cycle_id: v.cycle_id ?? null }) })
        : performanceApi.createGoal({ ...common, parent_id: parent?.id ?? null, employee_id: parent ? null : employeeId ?? null, cycle_id: parent ? null : v.cycle_id ?? cycleId });
    },
    {
      success: t('goals.saved'),
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: performanceKeys.all });
        onClose();
      },
    },
  );
  return (
    <Modal open title={goal ? t('goals.edit_title') : parent ? t('goals.add_sub_title', { title: parent.title }) : t('goals.add')} okText={t('goals.save')} onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Form<GoalValues> form={form} layout="vertical" onFinish={submit}
        initialValues={{
          title: goal?.title ?? '', description: goal?.description ?? '', weight: goal?.weight ?? '1', progress: goal?.progress ?? 0,
          due_date: goal?.due_date ? dayjs(goal.due_date) : null, status: goal?.status ?? 'open', cycle_id: goal ? goal.cycle_id : cycleId,
        }}>
        <Form.Item name="title" label={t('goals.title')} rules={[{ required: true, whitespace: true, message: t('required') }]}><Input maxLength={200} /></Form.Item>
        <Form.Item name="description" label={t('goals.description')}><Input.TextArea rows={2} maxLength={2000} /></Form.Item>
        {!isSub && cycles && cycles.length > 0 && (
          <Form.Item name="cycle_id" label={t('goals.cycle')}>
            <Select allowClear placeholder={t('goals.no_cycle')} options={cycles.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        )}
        <Space size={16} wrap>
          <Form.Item name="progress" label={t('goals.progress_percent')} extra={goal && !isSub ? t('goals.progress_hint') : undefined}><InputNumber min={0} max={100} precision={0} /></Form.Item>
          {isSub && <Form.Item name="weight" label={t('goals.weight')} extra={t('goals.weight_hint')}><InputNumber<string> min="0.01" max="100" step="1" stringMode /></Form.Item>}
          <Form.Item name="due_date" label={t('goals.due')}><DatePicker /></Form.Item>
          <Form.Item name="status" label={t('goals.status_label')}>
            <Select style={{ width: 140 }} options={GOAL_STATUSES.map((s) => ({ value: s, label: t(`goals.status.${s}`) }))} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
