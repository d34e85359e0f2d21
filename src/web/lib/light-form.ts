import { useCallback, useState } from 'react';
import type { Check } from './form-rules.ts';

type Errors<V> = Partial<Record<keyof V & string, string>>;

/**
 * The state of a small form without antd's Form (which, with its validator, weighs ~30 kB
 * gzipped: too much for the login page). Values, one error per field (a validation key or a
 * server sentence, translated when shown), checks on change and on submit.
 */
export function useLightForm<V extends Record<string, string | boolean>>(
  initial: V,
  checks: Partial<Record<keyof V & string, Check>>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});

  const check = useCallback(
    (name: keyof V & string, value: V[keyof V]) => {
      const rule = checks[name];
      return rule ? rule(typeof value === 'string' ? value : '') : null;
    },
    [checks],
  );

  const set = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: check(name, value) ?? undefined }));
    },
    [check],
  );

  /** Checks every field; answers whether all passed. */
  const validate = useCallback((): boolean => {
    const found: Errors<V> = {};
    for (const name of Object.keys(checks) as (keyof V & string)[]) {
      const problem = check(name, values[name]);
      if (problem) found[name] = problem;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }, [check, checks, values]);

  /** Shows the server's messages on the named fields; answers whether any applied. */
  const showFieldErrors = useCallback((fields: Record<string, string>, names: readonly (keyof V & string)[]) => {
    const found = Object.fromEntries(Object.entries(fields).filter(([name]) => names.includes(name as keyof V & string)));
    if (Object.keys(found).length === 0) return false;
    setErrors((current) => ({ ...current, ...found }));
    return true;
  }, []);

  return { values, errors, set, validate, showFieldErrors };
}
