import './tasks-screen.css';
import { Badge, Button, Drawer, Empty, Flex, Input, Pagination, Segmented, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { CheckOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { BoardTask } from '#shared/api/operations.ts';
import type { LiveEvent } from '#shared/api/notifications.ts';
import type { TaskScope, TaskState } from '#shared/operations/model.ts';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { memberOptions } from '../../lib/member-options.ts';
import { onLive } from '../../lib/live.ts';
import { localDay, operationsApi, operationsKeys, type TaskFilters } from '../../lib/operations-api.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { BOOKINGS_PATH, DueDay, SHIPMENTS_PATH, useCan } from './bits.tsx';
import { useOperationsTranslation } from './operations-texts.ts';

// The new-task form loads when it is first opened.
const TaskForm = lazy(async () => ({ default: (await import('./task-form.tsx')).TaskForm }));

const PRIORITY_COLOURS: Record<BoardTask['priority'], string> = { urgent: 'error', high: 'warning', normal: 'default', low: 'default' };
const PAGE_SIZES = [25, 50, 100];

/** What a live `task` event says happened to one of mine, as the message that tells me. */
const LIVE_MESSAGES: Record<string, string> = { reassigned: 'tasks.live.reassigned', completed: 'tasks.live.completed', reopened: 'tasks.live.reopened', changed: 'tasks.live.changed' };

/**
 * The colleagues a task may be given to (GET /api/tasks/assignees: the active members, for a role
 * that creates or changes operations, without needing `staff.view`).
 */
function useAssignees(enabled: boolean) {
  return useQuery({ queryKey: ['task-assignees'], queryFn: () => operationsApi.taskAssignees().catch(() => []), staleTime: 60_000, enabled });
}

/**
 * /task-assignment: tasks of the checklists and written by hand, mine, my team's (my department)
 * or all of them as the role allows; open, overdue or done, due this week, searched; one page at a
 * time from the server with its counts. Create, assign and reassign, complete and reopen here; a
 * task given to me appears without a reload.
 */
export function TasksScreen() {
  const { t } = useOperationsTranslation();
  const client = useQueryClient();
  const can = useCan();
  const me = useSessionStore((s) => s.user?.id ?? null);
  const [filters, setFilters] = useState<TaskFilters>({ scope: 'mine', state: 'open', due_this_week: false, q: '', page: 1, per_page: 25 });
  const [term, setTerm] = useState('');
  const q = useDebounced(term.trim());
  const [creating, setCreating] = useState(false);
  const shown = { ...filters, q };
  const board = useQuery({ queryKey: operationsKeys.taskBoard(shown), queryFn: () => operationsApi.taskBoard(shown), placeholderData: keepPreviousData });
  const staff = useAssignees(can('operations', 'create') || can('operations', 'update'));
  const meta = board.data?.meta;
  const set = (patch: Partial<TaskFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const refresh = () => void client.invalidateQueries({ queryKey: ['tasks'] });

  // A page past the last (its last row completed, reassigned or filtered away): the last page there is.
  const lastPage = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;
  useEffect(() => {
    if (meta && !board.isPlaceholderData && filters.page > lastPage) setFilters((f) => ({ ...f, page: lastPage }));
  }, [meta, lastPage, filters.page, board.isPlaceholderData]);

  // A task given to me, or one of mine given away, completed or reopened by someone else, arrives
  // live: the board reads itself again and says what happened.
  useEffect(
    () => onLive((e: LiveEvent) => {
      if (e.type === 'notification' && e.data.type === 'task_assigned') {
        refresh();
        feedback().message.info(t('tasks.new_for_you'));
      } else if (e.type === 'task') {
        refresh();
        const message = LIVE_MESSAGES[String(e.data.action)];
        if (message) feedback().message.info(t(message, { title: String(e.data.title ?? '') }));
      }
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  async function act(task: BoardTask, call: () => Promise<unknown>, done: string) {
    try {
      await call();
      feedback().message.success(t(done, { title: task.title }));
      refresh();
    } catch (e) {
      showFailure(e);
    }
  }
  const mayWork = (x: BoardTask) => can('operations', 'update') || x.assignee?.id === me;
  const counts = meta?.counts;
  const scopes = meta?.scopes ?? ['mine'];
  const stateLabel = (s: TaskState) => (
    <Space size={6}>{t(`tasks.states.${s}`)}<Badge count={counts?.[s] ?? 0} showZero overflowCount={999} color={s === 'overdue' && counts?.overdue ? '#cf1322' : '#8c8c8c'} /></Space>
  );

  return (
    <section className="fyn-page">
      <RouteTitle />
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Segmented<TaskScope>
            aria-label={t('tasks.scope')}
            value={filters.scope}
            onChange={(scope) => set({ scope })}
            options={(['mine', 'team', 'all'] as const).map((s) => ({
              value: s,
              disabled: Boolean(meta) && !scopes.includes(s),
              label: s === 'team' && meta?.department ? t('tasks.scopes.team_of', { department: meta.department.name }) : t(`tasks.scopes.${s}`),
              title: meta && !scopes.includes(s) ? t(s === 'team' ? 'tasks.scopes.no_team' : 'tasks.scopes.not_allowed') : undefined,
            }))}
          />
          {can('operations', 'create') && <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>{t('tasks.new')}</Button>}
        </Flex>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Segmented<TaskState>
            aria-label={t('tasks.status_label')}
            value={filters.state}
            onChange={(state) => set({ state })}
            options={(['open', 'overdue', 'done'] as const).map((s) => ({ value: s, label: stateLabel(s) }))}
          />
          <Space wrap>
            <Space size={8}>
              <Switch id="due-this-week" checked={filters.due_this_week} onChange={(due_this_week) => set({ due_this_week })} />
              <label htmlFor="due-this-week">{t('tasks.due_this_week', { count: counts?.due_this_week ?? 0 })}</label>
            </Space>
            <Input.Search allowClear aria-label={t('tasks.search')} placeholder={t('tasks.search_placeholder')} value={term} onChange={(e) => { setTerm(e.target.value); setFilters((f) => ({ ...f, page: 1 })); }} style={{ width: 240 }} />
          </Space>
        </Flex>
        <DataTable<BoardTask>
          aria-label={t('tasks.list')}
          className="fyn-tasks"
          rows={board.data?.data ?? []}
          rowKey={(x) => x.id}
          loading={board.isFetching}
          empty={board.isPending ? <Skeleton active /> : <Empty description={t(`tasks.empty.${filters.state}`)} />}
          columns={[
            {
              key: 'title', title: t('tasks.title_label'), className: 'fyn-tasks-title',
              render: (x) => (
                <Flex vertical>
                  <Typography.Text strong delete={x.status === 'done' || x.status === 'cancelled'} type={x.status === 'cancelled' ? 'secondary' : undefined}>{x.title}</Typography.Text>
                  {(x.status === 'in_progress' || x.status === 'cancelled') && (
                    <span><Tag color={x.status === 'cancelled' ? 'default' : 'processing'}>{t(`tasks.status.${x.status}`)}</Tag></span>
                  )}
                  {x.description && <Typography.Text type="secondary" ellipsis={{ tooltip: x.description }} className="fyn-tasks-notes">{x.description}</Typography.Text>}
                </Flex>
              ),
            },
            {
              key: 'for', title: t('tasks.subject'),
              render: (x) => (
                <Flex vertical>
                  {x.shipment && <Link className="fyn-tasks-nowrap" to={`${SHIPMENTS_PATH}/${x.shipment.id}`}>{x.shipment.name}</Link>}
                  {x.booking && <Link className="fyn-tasks-nowrap" to={`${BOOKINGS_PATH}/${x.booking.id}`}>{x.booking.name}</Link>}
                  {x.client && <span>{x.client.name}</span>}
                  {!x.shipment && !x.booking && !x.client && '—'}
                </Flex>
              ),
            },
            {
              key: 'due', title: t('tasks.due'), className: 'fyn-tasks-nowrap',
              render: (x) => (x.due_on ? <Space size={4} wrap><DueDay day={x.due_on} today={localDay()} />{x.overdue && <Tag color="error">{t('tasks.states.overdue')}</Tag>}</Space> : '—'),
            },
            { key: 'priority', title: t('tasks.priority'), render: (x) => <Tag color={PRIORITY_COLOURS[x.priority]}>{t(`tasks.priorities.${x.priority}`)}</Tag> },
            {
              key: 'assignee', title: t('tasks.assignee'),
              render: (x) => can('operations', 'update') && (staff.data?.length ?? 0) > 0 ? (
                <Select aria-label={t('tasks.assign_to', { title: x.title })} style={{ width: 190 }} placeholder={t('tasks.unassigned')} value={x.assignee?.id}
                  allowClear showSearch={{ optionFilterProp: 'label' }}
                  onChange={(v: string | undefined) => act(x, () => operationsApi.assignTask(x.id, v ?? null), v ? 'tasks.assigned' : 'tasks.unassigned_done')}
                  options={memberOptions(staff.data, x.assignee?.id)} />
              ) : (x.assignee?.name ?? t('tasks.unassigned')),
            },
            {
              key: 'act', title: <span className="fyn-visually-hidden">{t('tasks.actions')}</span>, className: 'fyn-tasks-act',
              render: (x) => mayWork(x) && (x.status === 'done' || x.status === 'cancelled' ? (
                <Button icon={<UndoOutlined aria-hidden="true" />} onClick={() => act(x, () => operationsApi.reopenTask(x.id), 'tasks.reopened')} aria-label={t('tasks.reopen_named', { title: x.title })}>{t('tasks.reopen')}</Button>
              ) : (
                <Button icon={<CheckOutlined aria-hidden="true" />} onClick={() => act(x, () => operationsApi.completeTask(x.id), 'tasks.completed')} aria-label={t('tasks.complete_named', { title: x.title })}>{t('tasks.complete')}</Button>
              )),
            },
          ]}
        />
        {meta && (meta.total > PAGE_SIZES[0] || filters.page > 1) && (
          <Pagination
            align="end"
            current={meta.page}
            pageSize={meta.per_page}
            total={meta.total}
            showSizeChanger
            pageSizeOptions={PAGE_SIZES.map(String)}
            showTotal={(total) => t('tasks.total', { count: total })}
            onChange={(page, per_page) => setFilters((f) => ({ ...f, page: per_page !== f.per_page ? 1 : page, per_page }))}
          />
        )}
      </Flex>
      <Drawer open={creating} onClose={() => setCreating(false)} size={560} title={t('tasks.new')} styles={{ wrapper: { maxWidth: '100vw' } }} destroyOnHidden>
        {creating && (
          <Suspense fallback={<Skeleton active />}>
            <TaskForm
              colleagues={staff.data ?? []}
              me={me}
              scope={filters.scope}
              onDone={() => {
                setCreating(false);
                refresh();
              }}
              onCancel={() => setCreating(false)}
            />
          </Suspense>
        )}
      </Drawer>
    </section>
  );
}
