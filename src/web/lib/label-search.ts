import type { ReactNode } from 'react';

/**
 * How close an option's label is to what was typed: 0 the label or its code (before " — ") is the
 * text, 1 the label starts with it, 2 one of its words does, 3 it only contains it. Case is ignored.
 */
export function labelRank(label: ReactNode, typed: string): number {
  const text = String(label ?? '').toLocaleLowerCase();
  const term = typed.trim().toLocaleLowerCase();
  if (!term) return 0;
  if (text === term || text.split(' — ')[0] === term) return 0;
  if (text.startsWith(term)) return 1;
  return text.split(/[\s—,()/-]+/).some((word) => word.startsWith(term)) ? 2 : 3;
}

/**
 * A select's search over its option labels, the closest match first: typing "EUR" offers
 * "EUR — Euro" before "CHE — WIR Euro", and "in" India before Argentina. Options equally close keep
 * their order (by code, or by name).
 */
export const labelSearch = {
  optionFilterProp: 'label',
  filterSort: (a: { label?: ReactNode }, b: { label?: ReactNode }, { searchValue }: { searchValue: string }) =>
    labelRank(a.label, searchValue) - labelRank(b.label, searchValue),
};
