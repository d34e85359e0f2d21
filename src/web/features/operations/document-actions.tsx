import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { Shipment, ShipmentDocument } from '#shared/api/operations.ts';
import type { DocumentType } from '#shared/operations/model.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { operationsApi } from '../../lib/operations-api.ts';
import { useOperationsTranslation } from './operations-texts.ts';

/** Generating a document of the shipment (a new number, or its next version) and saying which it made. */
export function useGenerate(s: Shipment, onChanged: () => void) {
  const { t } = useOperationsTranslation();
  const { submit: generate, busy } = useSubmit((body: { type: DocumentType; without_origin: boolean; language: string }) => operationsApi.generate(s.id, body), {
    success: (d) => t('documents.generated', { number: d.number, version: d.version }),
    onSuccess: () => onChanged(),
  });
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

