import { useQuery } from '@tanstack/react-query';
import { QUOTE_MODES, type QuoteMode } from '#shared/quotes/model.ts';
import { STANDARD_REFERENCE_LISTS } from '#shared/resources/reference-lists.ts';
import { api } from '../../lib/api-client.ts';
import { useSalesTranslation } from './sales-texts.ts';

type Entry = { code: string; name: string; mode?: QuoteMode };
type Option = { value: string; label: string };

const activeEntries = (list: 'transport-modes' | 'incoterms' | 'equipment-types') => ({
  queryKey: ['reference-lists', list],
  staleTime: 5 * 60_000,
  retry: false,
  queryFn: async () => (await api.list<Entry>(`/${list}`, { params: { per_page: 100, sort: 'code', 'filter[active]': true }, silent: true })).data,
});

/**
 * The modes, Incoterms and equipment types a quote or rate may use: the organisation's active
 * reference-list entries (control centre), standard ones labelled in the reader's language. Until the
 * lists load, or for a role that may not read them, the standard values stand in (the server still checks).
 */
export function useReferenceOptions(): { modes: Option[]; incoterms: Option[]; equipment: Option[] } {
  const { t } = useSalesTranslation();
  const modes = useQuery(activeEntries('transport-modes'));
  const incoterms = useQuery(activeEntries('incoterms'));
  const equipment = useQuery(activeEntries('equipment-types'));
  const modeValues = modes.data ? QUOTE_MODES.filter((m) => modes.data.some((e) => e.mode === m)) : QUOTE_MODES;
  return {
    modes: modeValues.map((m) => ({ value: m, label: t(`quotes.modes.${m}`) })),
    incoterms: (incoterms.data ?? STANDARD_REFERENCE_LISTS.incoterms).map((e) => ({ value: e.code, label: `${e.code} · ${t(`quotes.incoterms.${e.code}`, { defaultValue: e.name })}` })),
    equipment: (equipment.data ?? STANDARD_REFERENCE_LISTS['equipment-types']).map((e) => ({ value: e.code, label: t(`quotes.size_types.${e.code}`, { defaultValue: `${e.code} · ${e.name}` }) })),
  };
}
