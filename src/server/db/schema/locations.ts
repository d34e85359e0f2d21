import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** UN/LOCODE locations (reference data, not tenant-owned). */
export const locations = pgTable(
  'locations',
  {
    code: text('code').primaryKey(),
    country: text('country').notNull(),
    name: text('name').notNull(),
    /** Lower-case name without diacritics, filled by the importer; what search matches on. */
    searchName: text('search_name').notNull(),
    subdivision: text('subdivision'),
    status: text('status'),
    /** UNECE's own function positions (decoded). */
    functions: text('functions').array().notNull(),
    iata: text('iata'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** Where lat/lon come from: unece, wpi (NGA World Port Index), smdg (terminal list), port or city (a trade code's UNECE entries). */
    coordinates: text('coordinates'),
    /** Why UNECE's own coordinates were dropped (outside_country, zero, malformed, corrected); null when kept or none given. */
    coordinatesFlag: text('coordinates_flag'),
    /** Trade usage (data/unlocode/trade-usage.csv): the name carriers print for this code ("Shanghai"), null without. */
    tradeName: text('trade_name'),
    /** Functions carriers use the code for that UNECE files under another code (CNSHA: port). */
    tradeFunctions: text('trade_functions').array(),
    /** UNECE's own entry for the port a trade code stands for (CNSHA → CNSHG). */
    portCode: text('port_code'),
    /** The location of the same city, whose coordinates serve when this one has none (CNSHG → CNSGH). */
    cityCode: text('city_code'),
  },
  (t) => [
    index('locations_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('locations_search_name_prefix_idx').on(sql`${t.searchName} text_pattern_ops`),
    index('locations_country_idx').on(t.country),
  ],
);

/** ISO 3166-2 subdivisions, as shipped with UN/LOCODE. */
export const subdivisions = pgTable(
  'subdivisions',
  {
    country: text('country').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type'),
  },
  (t) => [primaryKey({ columns: [t.country, t.code] })],
);

/** Reference data sets fully loaded; a set without its row here is reloaded from scratch. */
export const referenceImports = pgTable('reference_imports', {
  name: text('name').primaryKey(),
  rows: integer('rows').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** ECB euro reference rates (units of `currency` per 1 EUR), shipped in data/ecb. */
export const ecbRates = pgTable(
  'ecb_rates',
  {
    currency: text('currency').notNull(),
    date: date('date').notNull(),
    rate: numeric('rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.date] })],
);
