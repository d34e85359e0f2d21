import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../test/user.ts';
import { renderScreen } from '../test/render.tsx';
import { ImportButton } from './import-button.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../lib/api-client.ts', () => ({ api }));

const verdicts = (antwerpOk: boolean) => ({
  dry_run: true, total: 2, valid: antwerpOk ? 2 : 1, invalid: antwerpOk ? 0 : 1, created: 0,
  rows: [
    { row: 2, ok: true, errors: {}, label: 'Lisbon Cork Trading Lda' },
    { row: 3, ok: antwerpOk, errors: antwerpOk ? {} : { country: 'country_code', email: 'email_invalid' }, label: 'Antwerp Chemicals NV' },
  ],
});

describe('importing with a preview', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows each row’s verdict from a dry run, and imports only a file whose rows are all right', async () => {
    const imported = vi.fn();
    renderScreen(<ImportButton endpoint="/leads/import" template="/leads/import/template" onImported={imported} />, '/');
    await userEvent.click(screen.getByRole('button', { name: /Import/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    api.post.mockResolvedValueOnce(verdicts(false));
    await userEvent.upload(input, new File(['company_name,country\n'], 'leads.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('1 of 2 rows need correcting; fix the file and choose it again.')).toBeTruthy();
    expect(within(dialog).getByText(/not a two-letter country code/)).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/leads/import', expect.any(FormData), { params: { dry_run: true } });
    expect((within(dialog).getByRole('button', { name: /Import 1 row/ }) as HTMLButtonElement).disabled).toBe(true);

    api.post.mockResolvedValueOnce(verdicts(true));
    // The picker is a fresh input after each choice (so that the same file may be chosen again).
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['company_name,country\n'], 'leads-fixed.csv', { type: 'text/csv' }));
    const commit = await within(dialog).findByRole('button', { name: /Import 2 rows/ });
    expect((commit as HTMLButtonElement).disabled).toBe(false);
    api.post.mockResolvedValueOnce({ ...verdicts(true), dry_run: false, created: 2 });
    await userEvent.click(commit);
    await waitFor(() => expect(imported).toHaveBeenCalled());
    expect(api.post).toHaveBeenLastCalledWith('/leads/import', expect.any(FormData), { params: { dry_run: false } });
    expect(within(dialog).getByRole('link', { name: /Template \(Excel\)/ }).getAttribute('href')).toBe('/api/leads/import/template?format=xlsx');
  });
});
