import { describe, expect, it } from 'vitest';
import type { AiDocumentReading } from '#shared/api/ai-shipments.ts';
import type { Shipment } from '#shared/api/operations.ts';
import { patchOf } from './shipment-assistant.tsx';

const shipment = { packages: [{ packages: 2, length_cm: '120', width_cm: '80', height_cm: '150', weight_kg: '400' }], goods_description: null } as unknown as Shipment;
const reading = (fields: Partial<AiDocumentReading['fields']>) => ({ fields: { hs_codes: [], dimensions_cm: null, ...fields } }) as unknown as AiDocumentReading;

describe('accepting a document’s packages', () => {
  it('shares the gross weight over the packages exactly (9,933.673 kg over 7 is 1,419.096 kg each, rounded half away from zero)', () => {
    expect(patchOf(shipment, reading({ packages: { count: 7, type: 'crates' }, gross_weight_kg: '9933.673' }), 'packages')).toEqual({
      packages: [{ packages: 7, length_cm: '120', width_cm: '80', height_cm: '150', weight_kg: '1419.096' }],
    });
  });

  it('keeps no trailing zeros (1,000 kg over 4 is 250 kg each)', () => {
    expect(patchOf(shipment, reading({ packages: { count: 4, type: 'pallets' }, gross_weight_kg: '1000' }), 'gross_weight_kg')).toEqual({
      packages: [{ packages: 4, length_cm: '120', width_cm: '80', height_cm: '150', weight_kg: '250' }],
    });
  });
});
