/**
 * Repairs the records of the UN/LOCODE CSV as distributed:
 * - some lines lost their line break, so two (or three) records arrive glued into one, with the
 *   last field of one record fused to the country code of the next ("true" + "AQ" → "trueAQ");
 * - about a thousand names holding a comma arrive as two fields wrapped in stray quotes, and
 *   those rows carry no status and no IATA column;
 * - some names lost their accented letters in an encoding round trip (U+FFFD).
 */
const CODE = /^[A-Z0-9]{3}$/;
const FUNCTION = /^[0-9AB-]{8}$/;
const GLUED = /^(true|false|-?\d*\.?\d*(?:e-?\d+)?)?([A-Z]{2})$/;

export type UnlocodeRecord = {
  country: string; location: string; name: string; nameAscii: string; subdivision: string;
  status: string; function: string; iata: string; lat: string; lon: string;
};

export function splitGlued(fields: string[]): string[][] {
  if (fields.length <= 11) return [fields];
  // The next record starts where a field ends in a country code and the field after is a location code.
  for (let i = 9; i < fields.length - 1; i++) {
    const m = GLUED.exec(fields[i]);
    if (m && CODE.test(fields[i + 1])) {
      const head = m[1] ? [...fields.slice(0, i), m[1]] : fields.slice(0, i);
      return [head, ...splitGlued([m[2], ...fields.slice(i + 1)])];
    }
  }
  return [fields];
}

export function mergeQuotedNames(fields: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    const end = f.startsWith('"') ? fields.findIndex((g, j) => j > i && g.endsWith('"')) : -1;
    if (end === -1) {
      out.push(f);
      continue;
    }
    out.push(fields.slice(i, end + 1).join(',').replace(/^"+|"+$/g, '').replace(/\s+/g, ' ').trim());
    i = end;
  }
  // Rows without status and IATA: country, location, name, ascii, subdivision, function, lat, lon.
  if (out.length !== fields.length && FUNCTION.test(out[5] ?? '')) {
    return [...out.slice(0, 5), '', out[5], '', out[6] ?? '', out[7] ?? ''];
  }
  return out;
}

export function toRecords(rows: string[][]): UnlocodeRecord[] {
  const out: UnlocodeRecord[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const f of splitGlued(row).map(mergeQuotedNames)) {
      const [country, location, name, nameAscii, subdivision, status, fn, iata, lat, lon] = f;
      if (!/^[A-Z]{2}$/.test(country ?? '') || !CODE.test(location ?? '') || !FUNCTION.test(fn ?? '')) continue;
      const code = country + location;
      if (seen.has(code)) continue;
      seen.add(code);
      const ascii = (nameAscii ?? '').trim();
      const display = name && !name.includes('\uFFFD') ? name.trim() : ascii;
      out.push({
        country, location, name: display, nameAscii: ascii || display, subdivision: subdivision ?? '', status: status ?? '',
        function: fn, iata: iata ?? '', lat: cleanNumber(lat), lon: cleanNumber(lon),
      });
    }
  }
  return out;
}

const cleanNumber = (v: string | undefined) => (v && Number.isFinite(Number(v)) ? v : '');
