import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversion } from '#shared/api/exchange.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { ConvertTool } from './convert-tool.tsx';
import { failure, ME, type FakeApi } from './test-fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }) as FakeApi);
vi.mock('../../lib/api-client.ts', () => ({ api }));

const answer: Conversion = {
  amount: 1234, from: 'GBP', to: 'EUR', converted: 1418, rate: '1.1491', source: 'manual', rate_date: '2030-01-01', note: null,
};

describe('ConvertTool', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(ME);
  });

  it('sends the typed amount in minor units and shows the rate’s decimal string as it came', async () => {
    api.get.mockResolvedValue(answer);
    renderScreen(<ConvertTool />, '/organisation/control-centre/currencies');
    const amount = await screen.findByLabelText('Amount');
    await userEvent.clear(amount);
    // GBP has two decimal places: a third is refused, not rounded.
    await userEvent.type(amount, '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('This has too many decimal places.')).toBeTruthy();
    expect(api.get).not.toHaveBeenCalled();
    await userEvent.type(amount, '{Backspace}');
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    // 12.34 pounds → 1234 pence, without a float on the way.
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/exchange-rates/convert', { params: { amount: 1234, from: 'GBP', to: 'EUR' } }));
    expect(await screen.findByText('1 GBP = 1.1491 EUR')).toBeTruthy();
    expect(screen.getByText('€14.18')).toBeTruthy();
  });

  it('says so when the converted amount is too large to carry exactly', async () => {
    api.get.mockRejectedValue(failure(422, 'amount_too_large', 'The converted amount is larger than the API carries exactly.'));
    renderScreen(<ConvertTool />, '/organisation/control-centre/currencies');
    await userEvent.click(await screen.findByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This amount is too large to convert exactly.');
  });

  it('offers the currency whose code was typed first: EUR before the WIR euro', async () => {
    api.get.mockResolvedValue(answer);
    renderScreen(<ConvertTool />, '/organisation/control-centre/currencies');
    const to = await screen.findByLabelText('To');
    await userEvent.click(to);
    await userEvent.type(to, 'EUR');
    const offered = await waitFor(() => {
      const titles = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
      expect(titles.length).toBeGreaterThan(1);
      return titles;
    });
    expect(offered[0]).toMatch(/^EUR — /);
    expect(offered.some((t) => t?.startsWith('CHE — '))).toBe(true);
  });
});
