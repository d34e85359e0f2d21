import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '../../test/render.tsx';
import { FieldInput } from './field-input.tsx';

const creditLimit = { name: 'credit_limit_minor', kind: 'money', labelKey: 'resources.native_organisations.credit_limit' } as const;

describe('a money field', () => {
  it('shows minor units as the currency writes them and hands back minor units', () => {
    const onChange = vi.fn();
    renderUi(<FieldInput field={creditLimit} clearable currency="GBP" value={2_500_000} onChange={onChange} id="limit" />);
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    expect(input.value).toBe('25000.00');
    expect(screen.getByText('GBP')).toBeTruthy();
    fireEvent.change(input, { target: { value: '30000.5' } });
    expect(onChange).toHaveBeenLastCalledWith(3_000_050);
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('uses the ISO digits of the currency: none for yen, three for dinars', () => {
    const onChange = vi.fn();
    const { unmount } = renderUi(<FieldInput field={creditLimit} clearable currency="JPY" value={1_200_000} onChange={onChange} id="limit" />);
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('1200000');
    unmount();
    renderUi(<FieldInput field={creditLimit} clearable currency="BHD" value={1_500} onChange={onChange} id="limit" />);
    const input = screen.getByRole('spinbutton') as HTMLInputElement;
    expect(input.value).toBe('1.500');
    fireEvent.change(input, { target: { value: '2.125' } });
    expect(onChange).toHaveBeenLastCalledWith(2_125);
  });
});
