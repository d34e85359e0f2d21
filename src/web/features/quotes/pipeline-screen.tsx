import './pipeline.css';
import { Card, Empty, Input, Modal, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { DndContext, KeyboardCode, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Board, Deal, Pipeline } from '#shared/api/crm.ts';
import { formatPercent } from '#shared/money/format.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { api } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format-day.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { SoftBreaks } from '../../components/soft-breaks.tsx';
import { Money } from './quote-bits.tsx';
import { useSalesTranslation } from './sales-texts.ts';

const boardKey = (id: string) => ['pipelines', 'board', id] as const;

/**
 * The keyboard moves a picked-up deal one whole column per arrow (left or right), not a few pixels:
 * its top left lands inside the next column's box, where the drop finds that stage.
 */
export const columnByColumn: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const here = columns.findIndex((r) => currentCoordinates.x >= r.left - 1 && currentCoordinates.x < r.right);
  const next = columns[(here === -1 ? (step > 0 ? -1 : columns.length) : here) + step];
  return next ? { x: next.left + 8, y: next.top + 48 } : currentCoordinates;
};

/**
 * crm/pipeline-management: a pipeline's board. Deals move between stages by drag and drop (mouse,
 * touch, or the keyboard: focus a card, Space, left and right arrows a column at a time, Space) or with
 * each card's stage menu; a lost stage asks for the reason in a dialog;
 * every column shows its total and its weighted total in the organisation's base currency.
 */
export function PipelineScreen() {
  const { t } = useSalesTranslation();
  const client = useQueryClient();
  const pipelines = useQuery({ queryKey: ['pipelines'], queryFn: () => api.get<Pipeline[]>('/pipelines') });
  const [pipelineId, setPipelineId] = useState<string | null>(null);
  useEffect(() => {
    if (!pipelineId && pipelines.data?.length) setPipelineId(pipelines.data[0].id);
  }, [pipelineId, pipelines.data]);
  const board = useQuery({ queryKey: boardKey(pipelineId ?? ''), queryFn: () => api.get<Board>(`/pipelines/${pipelineId}/board`), enabled: Boolean(pipelineId) });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }));
  const [losing, setLosing] = useState<{ deal: Deal; stageId: string; reason: string } | null>(null);

  /** Moves a deal; a lost stage first asks for the reason (the dialog below calls back with it). */
  async function move(deal: Deal, stageId: string, lost_reason?: string) {
    if (deal.stage_id === stageId || !pipelineId) return;
    const stage = board.data?.columns.find((c) => c.stage.id === stageId)?.stage;
    if (stage?.outcome === 'lost' && !lost_reason) {
      setLosing({ deal, stageId, reason: '' });
      return;
    }
    try {
      await api.patch(`/deals/${deal.id}`, { stage_id: stageId, ...(lost_reason && { lost_reason }) });
      feedback().message.success(t('pipelines.moved', { title: deal.title, stage: stage?.name ?? '' }));
    } catch (e) {
      showFailure(e);
    }
    await client.invalidateQueries({ queryKey: boardKey(pipelineId) });
  }
  const onDragEnd = (e: DragEndEvent) => {
    const deal = e.active.data.current?.deal as Deal | undefined;
    if (deal && e.over) void move(deal, String(e.over.id));
  };

  const b = board.data;
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('pipelines.choose')}
          style={{ minWidth: 240 }}
          value={pipelineId ?? undefined}
          onChange={setPipelineId}
          options={(pipelines.data ?? []).map((p) => ({ value: p.id, label: `${p.name} · ${t(`pipelines.kinds.${p.kind}`)}` }))}
        />
        {b && (
          <Typography.Text>
            {t('pipelines.open_total')} <strong><Money minor={b.totals.open_minor} currency={b.currency} /></strong> · {t('pipelines.weighted')}{' '}
            <strong><Money minor={b.totals.weighted_open_minor} currency={b.currency} /></strong>
          </Typography.Text>
        )}
      </Space>
      {b && b.unconverted.length > 0 && <Typography.Paragraph type="warning">{t('pipelines.unconverted', { currencies: b.unconverted.join(', ') })}</Typography.Paragraph>}
      {board.isPending && pipelineId ? (
        <Skeleton active />
      ) : !b ? (
        <Empty />
      ) : (
        <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: t('pipelines.drag_help') } }}>
          <div className="fyn-board" role="list" aria-label={b.pipeline.name}>
            {b.columns.map((c) => (
              <Column key={c.stage.id} column={c} currency={b.currency}>
                {c.deals.length === 0 && <Typography.Text type="secondary">{t('pipelines.no_deals')}</Typography.Text>}
                {c.deals.map((d) => (
                  <DealCard key={d.id} deal={d} stages={b.columns.map((x) => x.stage)} onMove={(stageId) => move(d, stageId)} />
                ))}
              </Column>
            ))}
          </div>
        </DndContext>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('pipelines.explain', { currency: b?.currency ?? '' })}
      </Typography.Paragraph>
      <Modal
        open={Boolean(losing)}
        title={losing ? t('pipelines.lost_reason', { title: losing.deal.title }) : undefined}
        okText={t('pipelines.mark_lost')}
        okButtonProps={{ disabled: !losing?.reason.trim() }}
        onOk={() => {
          if (!losing) return;
          setLosing(null);
          void move(losing.deal, losing.stageId, losing.reason.trim());
        }}
        onCancel={() => setLosing(null)}
        destroyOnHidden
      >
        <Input.TextArea
          autoFocus
          aria-label={t('pipelines.reason')}
          maxLength={300}
          rows={3}
          value={losing?.reason ?? ''}
          onChange={(e) => setLosing((l) => (l ? { ...l, reason: e.target.value } : l))}
        />
      </Modal>
    </section>
  );
}

function Column({ column: c, currency, children }: { column: Board['columns'][number]; currency: string; children: React.ReactNode }) {
  const { t, i18n } = useSalesTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: c.stage.id });
  return (
    <div ref={setNodeRef} role="listitem" className={`fyn-board-column${isOver ? ' fyn-board-column-over' : ''}`} aria-label={c.stage.name}>
      <div className="fyn-board-head">
        <Space size={6} wrap>
          <Typography.Text strong>{c.stage.name}</Typography.Text>
          <Tag color={c.stage.outcome === 'won' ? 'success' : c.stage.outcome === 'lost' ? 'error' : 'default'}>{formatPercent(c.stage.probability_pct, i18n.language)}</Tag>
        </Space>
        <Typography.Text type="secondary" className="fyn-board-totals">
          <Money minor={c.total_minor} currency={currency} /> · {t('pipelines.weighted')} <Money minor={c.weighted_minor} currency={currency} />
        </Typography.Text>
      </div>
      <div className="fyn-board-cards">{children}</div>
    </div>
  );
}

function DealCard({ deal: d, stages, onMove }: { deal: Deal; stages: Board['columns'][number]['stage'][]; onMove: (stageId: string) => void }) {
  const { t, i18n } = useSalesTranslation();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: d.id, data: { deal: d } });
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)`, zIndex: 10 } : undefined;
  return (
    <Card size="small" ref={setNodeRef} style={style} className={`fyn-deal${isDragging ? ' fyn-deal-dragging' : ''}`}>
      <div {...attributes} {...listeners} className="fyn-deal-handle" aria-describedby={`${attributes['aria-describedby'] ?? ''} fyn-deal-move-${d.id}`.trim()}>
        <span id={`fyn-deal-move-${d.id}`} hidden>{t('pipelines.drag', { title: d.title })}</span>
        <Typography.Text strong><SoftBreaks text={d.title} /></Typography.Text>
        {d.client && <Typography.Text type="secondary" className="fyn-deal-client"><SoftBreaks text={d.client.name} /></Typography.Text>}
        <Money minor={d.value_minor} currency={d.currency} />
        {d.expected_close && <Typography.Text type="secondary" className="fyn-deal-close">{t('pipelines.close_by', { day: formatDay(d.expected_close, i18n.language) })}</Typography.Text>}
        {d.lost_reason && <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{d.lost_reason}</Typography.Paragraph>}
      </div>
      <Select size="small" aria-label={t('pipelines.stage_of', { title: d.title })} value={d.stage_id} onChange={onMove} options={stages.map((s) => ({ value: s.id, label: s.name }))} style={{ width: '100%', marginTop: 6 }} />
    </Card>
  );
}
