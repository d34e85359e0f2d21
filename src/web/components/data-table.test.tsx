import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '../test/user.ts';
import { DataTable, type DataColumn, type SortOrder } from './data-table.tsx';

type Row = { id: string; name: string; amount: string };
const rows: Row[] = [
  { id: 'a', name: 'Ocean freight', amount: '1,250.00' },
  { id: 'b', name: 'Terminal handling', amount: '95.50' },
];
const columns = (order: SortOrder | null): DataColumn<Row>[] => [
  { key: 'name', title: 'Name', sortOrder: order, render: (r) => r.name },
  { key: 'amount', title: 'Amount', align: 'end', render: (r) => r.amount },
];

describe('DataTable', () => {
  it('shows the rows under their headers, saying which column sorts and how', () => {
    render(<DataTable aria-label="Charges" columns={columns('descend')} rows={rows} rowKey={(r) => r.id} onSort={() => {}} />);
    const table = screen.getByRole('table', { name: 'Charges' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['NameAmount', 'Ocean freight1,250.00', 'Terminal handling95.50']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    // A column the list cannot sort by has no sort control.
    expect(screen.getByRole('columnheader', { name: 'Amount' }).hasAttribute('aria-sort')).toBe(false);
    expect(within(screen.getByRole('columnheader', { name: 'Amount' })).queryByRole('button')).toBeNull();
  });

  it('asks for the next order from the keyboard: ascending, descending, then none', async () => {
    const onSort = vi.fn();
    const { rerender } = render(<DataTable columns={columns(null)} rows={rows} rowKey={(r) => r.id} onSort={onSort} />);
    const button = () => screen.getByRole('button', { name: 'Name' });
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('none');
    button().focus();
    await userEvent.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith('name', 'ascend');
    rerender(<DataTable columns={columns('ascend')} rows={rows} rowKey={(r) => r.id} onSort={onSort} />);
    await userEvent.click(button());
    expect(onSort).toHaveBeenLastCalledWith('name', 'descend');
    rerender(<DataTable columns={columns('descend')} rows={rows} rowKey={(r) => r.id} onSort={onSort} />);
    await userEvent.click(button());
    expect(onSort).toHaveBeenLastCalledWith('name', null);
    expect(onSort).toHaveBeenCalledTimes(3);
  });

  it('shows the empty state across the table, and marks itself busy while a page loads', () => {
    render(<DataTable aria-label="Charges" columns={columns(null)} rows={[]} rowKey={(r) => r.id} empty={<p>No charges yet</p>} loading />);
    const cell = screen.getByText('No charges yet').closest('td')!;
    expect(cell.colSpan).toBe(2);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});
