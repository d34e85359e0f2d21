import { Alert, Button, Flex, Form, Input, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TaskScope } from '#shared/operations/model.ts';
import { TASK_PRIORITIES } from '#shared/resources/work-records.ts';
import { api } from '../../lib/api-client.ts';
import { memberOptions, type MemberOption } from '../../lib/member-options.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { applyFieldErrors, translateValidation } from '../../lib/form-rules.ts';
import { operationsApi } from '../../lib/operations-api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useOperationsTranslation } from './operations-texts.ts';

type Values = {
  title?: string; description?: string; due_on?: string; priority: string; assignee_user_id?: string;
  shipment_id?: string; booking_id?: string; partner_id?: string;
};
type Option = { value: string; label: string };

/** A select that searches the server as one types (`find` answers the options for a term). */
function SearchSelect({ id, find, queryKey, placeholder, ...props }: { id?: string; value?: string; onChange?: (v: string | undefined) => void; find: (q: string) => Promise<Option[]>; queryKey: string; placeholder: string }) {
  const [term, setTerm] = useState('');
  const q = useDebounced(term.trim());
  const found = useQuery({ queryKey: ['task-links', queryKey, q], queryFn: () => find(q), staleTime: 30_000, retry: false });
  const [chosen, setChosen] = useState<Option | null>(null);
  const options = [...(chosen && !found.data?.some((o) => o.value === chosen.value) ? [chosen] : []), ...(found.data ?? [])];
  return (
    <Select
      id={id}
      {...props}
      allowClear
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
      notFoundContent={found.isFetching ? <Spin size="small" /> : null}
      options={options}
      onChange={(v: string | undefined) => {
        setChosen(options.find((o) => o.value === v) ?? null);
        props.onChange?.(v);
      }}
    />
  );
}

/**
 * What the writer of a new task is told: for whom it is, and, when the board shows only their own
 * (`mine`) and it is not theirs, that it is not among them.
 */
export function createdMessage(assignee: string | null, me: string | null, scope: TaskScope, colleagues: readonly MemberOption[]): { key: string; name?: string } {
  if (!assignee) return { key: scope === 'mine' ? 'tasks.created_unassigned_elsewhere' : 'tasks.created' };
  if (assignee === me) return { key: 'tasks.created' };
  const name = colleagues.find((c) => c.user_id === assignee)?.name ?? '';
  return { key: scope === 'mine' ? 'tasks.created_for_elsewhere' : 'tasks.created_for', name };
}

/**
 * A task written by hand (POST /api/tasks): what, notes, due day, priority, for whom, and what it is
 * about (a shipment, a booking, a client). Whoever it is given to is told at once; the writer is
 * told for whom it is, and when it is not on the board they are looking at.
 */
export function TaskForm({ colleagues, me, scope, onDone, onCancel }: { colleagues: MemberOption[]; me: string | null; scope: TaskScope; onDone: () => void; onCancel: () => void }) {
  const { t } = useOperationsTranslation();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const { submit: create, busy } = useSubmit(
    (v: Values) =>
      operationsApi.createTask({
        title: v.title!.trim(), description: v.description?.trim() || null, due_on: v.due_on || null, priority: v.priority,
        assignee_user_id: v.assignee_user_id ?? null, shipment_id: v.shipment_id ?? null, booking_id: v.booking_id ?? null, partner_id: v.partner_id ?? null,
      }),
    {
      success: (_task, v) => {
        const { key, name } = createdMessage(v.assignee_user_id ?? null, me, scope, colleagues);
        return t(key, { name });
      },
      onSuccess: () => onDone(),
      onFailure: (e) => {
        if (applyFieldErrors(form, e, ['title', 'description', 'due_on', 'priority', 'assignee_user_id', 'shipment_id', 'booking_id', 'partner_id'])) return true;
        if (e.status === 403) setProblem(t('tasks.not_allowed'));
        else if (e.status === 422) setProblem(e.message);
        else return false;
        return true;
      },
    },
  );
  const save = (v: Values) => {
    setProblem(null);
    create(v);
  };

  return (
    <Form<Values> form={form} layout="vertical" requiredMark="optional" initialValues={{ priority: 'normal' }} onFinish={save} name="new-task">
      {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item name="title" label={t('tasks.title_label')} rules={[{ required: true, whitespace: true, message: translateValidation('required') }]}>
        <Input maxLength={200} autoFocus />
      </Form.Item>
      <Form.Item name="description" label={t('tasks.notes')}><Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount /></Form.Item>
      <Flex gap={12} wrap>
        <Form.Item name="due_on" label={t('tasks.due_on')} style={{ flex: '1 1 200px' }}><Input type="date" /></Form.Item>
        <Form.Item name="priority" label={t('tasks.priority')} style={{ flex: '1 1 160px' }}>
          <Select options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) }))} />
        </Form.Item>
      </Flex>
      <Form.Item name="assignee_user_id" label={t('tasks.assignee')} extra={t('tasks.assignee_hint')}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('tasks.unassigned')}
          options={memberOptions(colleagues)} />
      </Form.Item>
      <Form.Item name="shipment_id" label={t('tasks.link.shipment')}>
        <SearchSelect queryKey="shipments" placeholder={t('tasks.link.shipment_placeholder')}
          find={async (q) => (await operationsApi.shipments({ status: null, mode: null, date_ref: 'shipment_creation', from: null, to: null, q }, null)).data.map((s) => ({ value: s.id, label: `${s.number} · ${s.client_name}` }))} />
      </Form.Item>
      <Form.Item name="booking_id" label={t('tasks.link.booking')}>
        <SearchSelect queryKey="bookings" placeholder={t('tasks.link.booking_placeholder')}
          find={async (q) => (await operationsApi.findBookings(q)).map((b) => ({ value: b.id, label: `${b.number} · ${b.client.name}` }))} />
      </Form.Item>
      <Form.Item name="partner_id" label={t('tasks.link.client')}>
        <SearchSelect queryKey="partners" placeholder={t('tasks.link.client_placeholder')}
          find={async (q) => (await api.list<{ id: string; name: string; city: string | null }>('/partners', { params: { per_page: 20, sort: 'name', ...(q && { q }) }, silent: true })).data.map((p) => ({ value: p.id, label: p.city ? `${p.name} · ${p.city}` : p.name }))} />
      </Form.Item>
      <Flex gap={12}>
        <Button type="primary" htmlType="submit" loading={busy}>{t('tasks.create')}</Button>
        <Button onClick={onCancel}>{t('edit.cancel')}</Button>
      </Flex>
    </Form>
  );
}
