import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ALL_PERMISSIONS, PERMISSION_MODULES } from '#shared/resources/permissions.ts';
import { renderUi } from '../../test/render.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';

// By label, not by role: naming every checkbox of the grid for each lookup is slow.
const box = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

describe('PermissionMatrix', () => {
  it('toggles one permission, or a whole module, and reports the sorted set', () => {
    const onChange = vi.fn();
    const { rerender } = renderUi(<PermissionMatrix value={['crm.view']} onChange={onChange} />);
    fireEvent.click(box('Control centre: Delete'));
    expect(onChange).toHaveBeenLastCalledWith(['control_centre.delete', 'crm.view']);
    fireEvent.click(box('CRM: View'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    fireEvent.click(box('Everything in Billing'));
    expect(onChange).toHaveBeenLastCalledWith(['billing.create', 'billing.delete', 'billing.export', 'billing.update', 'billing.view', 'crm.view']);
    // A partly granted module shows as mixed; granting it all clears everything in it again.
    rerender(<PermissionMatrix value={['billing.view', 'billing.create', 'billing.update', 'billing.delete', 'billing.export']} onChange={onChange} />);
    expect(box('Everything in Billing').checked).toBe(true);
    fireEvent.click(box('Everything in Billing'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('names every module, the roles, staff and bank details ones too', () => {
    renderUi(<PermissionMatrix />);
    for (const name of ['Everything in Bank details', 'Everything in Roles', 'Everything in Staff', 'Roles: Edit', 'Staff: Create', 'Bank details: View']) {
      expect(box(name)).toBeTruthy();
    }
  });

  it('is read-only when disabled (the Owner role)', () => {
    renderUi(<PermissionMatrix value={['hr.export']} disabled />);
    const boxes = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    // One whole-module switch per module and one box per action it offers (Developers has no export).
    expect(boxes.length).toBe(ALL_PERMISSIONS.length + PERMISSION_MODULES.length);
    expect(boxes.every((b) => b.disabled)).toBe(true);
    expect(box('HR: Export').checked).toBe(true);
  });

  it('shows what the caller does not hold, but disabled and saying why; a whole module grants only what may be granted', () => {
    const onChange = vi.fn();
    renderUi(<PermissionMatrix value={['hr.view']} grantable={['crm.view', 'crm.create', 'hr.view']} onChange={onChange} />);
    expect(box('CRM: View').disabled).toBe(false);
    expect(box('HR: View').disabled).toBe(false);
    const held = box('HR: Export');
    expect(held.disabled).toBe(true);
    expect(held.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(held.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Greyed out: permissions you do not hold yourself, which you cannot grant.',
    );
    expect(screen.getByText('Greyed out: permissions you do not hold yourself, which you cannot grant.')).toBeTruthy();
    expect(box('Everything in Billing').disabled).toBe(true);
    fireEvent.click(box('Everything in CRM'));
    expect(onChange).toHaveBeenLastCalledWith(['crm.create', 'crm.view', 'hr.view']);
    // Taking away what may be granted leaves what may not as it was.
    fireEvent.click(box('HR: View'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
