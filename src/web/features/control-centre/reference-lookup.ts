import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { ccApi, ccKeys, type ResourceRecord } from './cc-api.ts';

export interface RefOption {
  value: string;
  label: string;
  /** A member no longer active: named where a record holds them, never offered (the server refuses them). */
  disabled?: boolean;
}

/** "staff" references point at members (GET /api/staff), the others at a resource. */
export const STAFF_REFERENCE = 'staff';
const OPTIONS_LIMIT = 100;

/**
 * The descriptor of a referenced resource, loaded with the whole registry when first needed: a list
 * page brings its own descriptor, not every other one (and their validation schemas).
 */
async function referencedDescriptor(name: string): Promise<ResourceDescriptor | undefined> {
  const { RESOURCES } = await import('#shared/resources/registry.ts');
  return (RESOURCES as readonly ResourceDescriptor[]).find((d) => d.name === name);
}

/** How a record is named where others refer to it: its `display` field ("BAF — Bunker surcharge"). */
export function displayOf(d: ResourceDescriptor | undefined, record: ResourceRecord): string {
  const main = d ? record[d.display] : null;
  const name = record.name;
  const text = main === null || main === undefined || main === '' ? String(name ?? record.id.slice(0, 8)) : String(main);
  return typeof name === 'string' && name && name !== text ? `${text} — ${name}` : text;
}

async function loadOptions(reference: string, q: string, signal?: AbortSignal): Promise<RefOption[]> {
  if (reference === STAFF_REFERENCE) {
    const staff = await ccApi.staff(q || undefined, signal);
    return staff.map((m) => ({ value: m.user_id, label: m.name, ...(m.status !== 'active' && { disabled: true }) }));
  }
  const d = await referencedDescriptor(reference);
  const page = await ccApi.list(reference, { per_page: OPTIONS_LIMIT, ...(d && { sort: d.defaultSort }), ...(q && { q }) }, signal);
  return page.data.map((r) => ({ value: r.id, label: displayOf(d, r) }));
}

/** The records a reference may point to (the first hundred, or those matching `q`); nothing without a reference. */
export function useReferenceOptions(reference: string, q = '', enabled = true) {
  return useQuery({
    queryKey: ccKeys.options(reference, q),
    queryFn: ({ signal }) => loadOptions(reference, q, signal),
    enabled: enabled && reference !== '',
    staleTime: 60_000,
  });
}

/**
 * Names of the records a page of rows refers to: the option list (fetched once) covers most;
 * any other id is fetched on its own (and cached).
 */
export function useReferenceLabels(reference: string, ids: readonly string[]): Map<string, string> {
  const options = useReferenceOptions(reference);
  const known = useMemo(() => new Map((options.data ?? []).map((o) => [o.value, o.label])), [options.data]);
  const missing =
    reference === STAFF_REFERENCE || !options.data ? [] : [...new Set(ids)].filter((id) => id && !known.has(id));
  const extra = useQueries({
    queries: missing.map((id) => ({
      queryKey: [...ccKeys.record(reference, id), 'label'],
      queryFn: async () => {
        const [d, record] = await Promise.all([referencedDescriptor(reference), ccApi.get(reference, id)]);
        return { id: record.id, label: displayOf(d, record) };
      },
      staleTime: 60_000,
    })),
  });
  return useMemo(() => {
    const labels = new Map(known);
    for (const q of extra) if (q.data) labels.set(q.data.id, q.data.label);
    return labels;
  }, [known, extra]);
}
