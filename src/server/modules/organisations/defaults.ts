import { v7 as uuidv7 } from 'uuid';

/** Local currency of common forwarding countries, for the charges paid locally. */
const LOCAL_CURRENCY: Record<string, string> = {
  GB: 'GBP', US: 'USD', CN: 'CNY', HK: 'HKD', SG: 'SGD', JP: 'JPY', IN: 'INR', AE: 'AED', CH: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK', PL: 'PLN',
  CZ: 'CZK', HU: 'HUF', RO: 'RON', TR: 'TRY', AU: 'AUD', CA: 'CAD', ZA: 'ZAR', BR: 'BRL', MX: 'MXN', KR: 'KRW',
  DE: 'EUR', FR: 'EUR', NL: 'EUR', BE: 'EUR', ES: 'EUR', IT: 'EUR', PT: 'EUR', IE: 'EUR', AT: 'EUR', FI: 'EUR', GR: 'EUR', LU: 'EUR', EE: 'EUR', LV: 'EUR', LT: 'EUR', SK: 'EUR', SI: 'EUR', HR: 'EUR', MT: 'EUR', CY: 'EUR',
};
export const localCurrency = (country: string) => LOCAL_CURRENCY[country] ?? 'USD';

/** The usual freight charges every new organisation starts with (editable, deletable). */
export function defaultChargeCodes(organisationId: string, country: string) {
  const local = localCurrency(country);
  const rows: [string, string, string, string, string][] = [
    ['OFR', 'Ocean freight', 'freight', 'per_container', 'USD'],
    ['AFR', 'Air freight', 'freight', 'per_kg', 'USD'],
    ['BAF', 'Bunker adjustment factor', 'surcharge', 'per_container', 'USD'],
    ['CAF', 'Currency adjustment factor', 'surcharge', 'percentage', 'USD'],
    ['LSS', 'Low sulphur surcharge', 'surcharge', 'per_container', 'USD'],
    ['PSS', 'Peak season surcharge', 'surcharge', 'per_container', 'USD'],
    ['FSC', 'Fuel surcharge (air)', 'surcharge', 'per_kg', 'USD'],
    ['SSC', 'Security surcharge (air)', 'surcharge', 'per_kg', 'USD'],
    ['THC-O', 'Terminal handling charge, origin', 'origin', 'per_container', local],
    ['THC-D', 'Terminal handling charge, destination', 'destination', 'per_container', local],
    ['ISPS', 'ISPS port security charge', 'origin', 'per_container', local],
    ['DOC', 'Documentation fee', 'documentation', 'per_shipment', local],
    ['BL', 'Bill of lading fee', 'documentation', 'per_bl', local],
    ['CUS', 'Customs clearance', 'customs', 'per_shipment', local],
    ['HAU', 'Haulage', 'haulage', 'per_container', local],
    ['WHS', 'Warehouse handling', 'warehouse', 'per_pallet', local],
    ['DEM', 'Demurrage', 'destination', 'per_container', local],
    ['INS', 'Cargo insurance', 'insurance', 'percentage', local],
  ];
  return rows.map(([code, name, category, basis, currency]) => ({
    organisation_id: organisationId, id: uuidv7(), code, name, category, basis, default_currency: currency, taxable: category !== 'freight' && category !== 'surcharge',
  }));
}
