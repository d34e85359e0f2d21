import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import type { ListQuery } from './cc-api.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** What a resource list shows: page, page size, sort (`field` or `-field`), search and filters. */
export interface ListState {
  page: number;
  perPage: number;
  sort: string;
  q: string;
  filters: Record<string, string>;
}

export function initialListState(d: ResourceDescriptor): ListState {
  return { page: 1, perPage: DEFAULT_PAGE_SIZE, sort: d.defaultSort, q: '', filters: {} };
}

/** The list call's query: `page`, `per_page`, `sort`, `q` and `filter[field]` (only set ones). */
export function listQuery(state: ListState): ListQuery {
  const query: ListQuery = { page: state.page, per_page: state.perPage, sort: state.sort };
  const q = state.q.trim();
  if (q) query.q = q;
  for (const [field, value] of Object.entries(state.filters)) {
    if (value !== '') query[`filter[${field}]`] = value;
  }
  return query;
}

/** antd's sort order of a column under a sort key. */
export function sortOrderOf(sort: string, field: string): 'ascend' | 'descend' | null {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

/** The sort key of antd's sorter, or the descriptor's default when the sort is cleared. */
export function sortKeyOf(d: ResourceDescriptor, field: string | undefined, order: 'ascend' | 'descend' | null | undefined): string {
  if (!field || !order || !d.sortable.includes(field)) return d.defaultSort;
  return order === 'descend' ? `-${field}` : field;
}

/** Whether the list is narrowed by a search or a filter (an empty answer then means "no match"). */
export const isNarrowed = (state: ListState) =>
  state.q.trim() !== '' || Object.values(state.filters).some((v) => v !== '');
