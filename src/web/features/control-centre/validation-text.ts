import i18next from 'i18next';
import { validationKeyOf } from '../../lib/form-rules.ts';
import { CC_NS, ccT } from './cc-texts.ts';

/**
 * A validation message in the interface language: a key of the shared schemas (`iban_invalid`)
 * or the API's English sentence for it becomes `validation.iban_invalid`. Other text from the
 * server is shown as it came; other text from a client-side check becomes "not valid".
 */
export function validationText(message: string, from: 'client' | 'server' = 'client'): string {
  const key = `validation.${validationKeyOf(message)}`;
  if (i18next.exists(key, { ns: [CC_NS, 'translation'] })) return ccT(key, { min: 8, max: 128 });
  return from === 'server' ? message : ccT('validation.invalid');
}
