import './data-table.css';
import type { ReactNode } from 'react';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';

export type SortOrder = 'ascend' | 'descend';

export interface DataColumn<T> {
  key: string;
  title: ReactNode;
  /** Numbers and row actions sit at the end of the cell. */
  align?: 'end';
  /** A class for the column's header and cells (widths, no wrapping, a column that stays in view). */
  className?: string;
  /** The column's order now when the list may sort by it (null: not sorted by it); absent when it may not. */
  sortOrder?: SortOrder | null;
  render: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A page is on its way: the rows shown are the previous ones. */
  loading?: boolean;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  /** A sortable column's header was chosen: its next order (ascending, descending, then none). */
  onSort?: (key: string, order: SortOrder | null) => void;
  'aria-label'?: string;
  /** A class for the table (e.g. a least width, past which its frame scrolls sideways). */
  className?: string;
}

const next = (order: SortOrder | null | undefined): SortOrder | null => (order === 'ascend' ? 'descend' : order === 'descend' ? null : 'ascend');
const ariaSort = { ascend: 'ascending', descend: 'descending' } as const;
const classOf = (c: { align?: 'end'; className?: string }) => [c.align === 'end' ? 'fyn-table-end' : '', c.className ?? ''].filter(Boolean).join(' ') || undefined;

/**
 * A plain HTML table in the product's look (antd's tokens): sortable headers, a busy state, an empty
 * state. Paging, filters and data belong to the screen. Lighter than antd's Table, which brings
 * selection, filter menus and trees that these lists do not use.
 */
export function DataTable<T>({ columns, rows, rowKey, loading = false, empty, onSort, 'aria-label': ariaLabel, className }: DataTableProps<T>) {
  return (
    <div className="fyn-table-wrap">
      <table className={className ? `fyn-table ${className}` : 'fyn-table'} aria-busy={loading || undefined} aria-label={ariaLabel}>
        <thead>
          <tr>
            {columns.map((c) => {
              const sortable = c.sortOrder !== undefined && onSort;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={classOf(c)}
                  aria-sort={sortable ? (c.sortOrder ? ariaSort[c.sortOrder] : 'none') : undefined}
                  // The header's button takes the keyboard; a click anywhere in the header sorts as well.
                  onClick={sortable ? () => onSort(c.key, next(c.sortOrder)) : undefined}
                >
                  {sortable ? (
                    <button type="button" className="fyn-table-sort">
                      {c.title}
                      <span className="fyn-table-sort-icons" aria-hidden="true">
                        <CaretUpOutlined className={c.sortOrder === 'ascend' ? 'fyn-table-sort-on' : undefined} />
                        <CaretDownOutlined className={c.sortOrder === 'descend' ? 'fyn-table-sort-on' : undefined} />
                      </span>
                    </button>
                  ) : (
                    c.title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="fyn-table-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={classOf(c)}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
