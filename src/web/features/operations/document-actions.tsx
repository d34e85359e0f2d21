import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { Shipment, ShipmentDocument } from '#shared/api/operations.ts';
import type { DocumentType } from '#shared/operations/model.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { operationsApi } from '../../lib/operations-api.ts';
import { useOperationsTranslation } from './operations-texts.ts';

/** Generating a document of the shipment (a new number, or its next version) and saying which it made. */
export function useGenerate(s: Shipment, onChanged: () => void) {
  const { t } = useOperationsTranslation();
  const [busy, setBusy] = useState(false);
  async function generate(body: { type: DocumentType; without_origin: boolean; language: string }) {
    setBusy(true);
    try {
      const d = await operationsApi.generate(s.id, body);
      feedback().message.success(t('documents.generated', { number: d.number, version: d.version }));
      onChanged();
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  }
  return { busy, generate };
}

/** Generates a document again as it was asked for (type, variant, language): the next version of its number. */
export function RegenerateButton({ s, d, onChanged }: { s: Shipment; d: ShipmentDocument; onChanged: () => void }) {
  const { t } = useOperationsTranslation();
  const { busy, generate } = useGenerate(s, onChanged);
  const regenerate = () => generate({ type: d.type, without_origin: d.without_origin, language: d.language });
  return (
    <Button size="small" icon={<ReloadOutlined aria-hidden="true" />} loading={busy} onClick={regenerate}
      aria-label={t('documents.regenerate_named', { document: `${t(`documents.types.${d.type}`)} ${d.number}` })}>
      {t('documents.regenerate')}
    </Button>
  );
}

