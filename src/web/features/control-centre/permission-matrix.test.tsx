import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PermissionMatrix } from './permission-matrix.tsx';

describe('PermissionMatrix', () => {
  it('toggles one permission, or a whole module, and reports the sorted set', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<PermissionMatrix value={['crm.view']} onChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Control centre: Delete' }));
    expect(onChange).toHaveBeenLastCalledWith(['control_centre.delete', 'crm.view']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'CRM: View' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Everything in Billing' }));
    expect(onChange).toHaveBeenLastCalledWith(['billing.create', 'billing.delete', 'billing.export', 'billing.update', 'billing.view', 'crm.view']);
    // A partly granted module shows as mixed; granting it all clears everything in it again.
    rerender(<PermissionMatrix value={['billing.view', 'billing.create', 'billing.update', 'billing.delete', 'billing.export']} onChange={onChange} />);
    expect((screen.getByRole('checkbox', { name: 'Everything in Billing' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Everything in Billing' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('is read-only when disabled (the Owner role)', () => {
    render(<PermissionMatrix value={['hr.export']} disabled />);
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.length).toBe(60);
    expect(boxes.every((box) => box.disabled)).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'HR: Export' }) as HTMLInputElement).checked).toBe(true);
  });
});
