import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { chargeCodes } from '#shared/resources/charge-codes.ts';
import { clientTiers } from '#shared/resources/client-tiers.ts';
import { departments } from '#shared/resources/departments.ts';
import { VALIDATION_MESSAGES } from '#shared/api/messages.ts';
import { AppDrawer } from '../../app/app-drawer.tsx';
import { useDrawerStore } from '../../lib/drawer-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { ResourcePage } from './resource-page.tsx';
import { failure, ME, OWNER, page, role, servePermissions, VIEWER, type FakeApi } from './test-fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }) as FakeApi);
vi.mock('../../lib/api-client.ts', () => ({ api }));

const stamp = '2030-01-01T00:00:00.000Z';
const NOT_ALLOWED = 'Your role does not allow this change. Ask an owner or admin of your organisation.';
const code = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `c${n}`, created_at: stamp, updated_at: stamp, code: `C${n}`, name: `Charge ${n}`, category: 'freight', basis: 'per_container',
  default_currency: 'USD', taxable: n % 2 === 0, description: null, ...extra,
});
const dept = (n: number) => ({ id: `d${n}`, created_at: stamp, updated_at: stamp, name: `Dept ${n}`, description: null });
const tier = { id: 't1', created_at: stamp, updated_at: stamp, name: 'Gold', rank: 1, discount_pct: '12.3456', payment_terms_days: 45, description: null };

function render(descriptor: ResourceDescriptor = chargeCodes) {
  return renderScreen(
    <>
      <ResourcePage descriptor={descriptor} title="Records" />
      <AppDrawer />
    </>,
    '/organisation/control-centre/charge-code',
  );
}

/** The params of the list calls made for a resource. */
const listCalls = (name: string) => api.list.mock.calls.filter(([url]) => url === `/${name}`).map(([, config]) => config.params);

describe('ResourcePage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useDrawerStore.getState().reset();
    useSessionStore.getState().logIn(ME);
  });

  it('renders the descriptor’s columns, enum and boolean values translated', async () => {
    servePermissions(api, OWNER, { list: async () => page([code(1), code(2, { category: 'customs', basis: 'per_kg' })]) });
    render();
    expect(await screen.findByText('C1')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Code', 'Name', 'Category', 'Charged', 'Currency', 'Taxable']));
    expect(screen.getByText('Freight')).toBeTruthy();
    expect(screen.getByText('Per container')).toBeTruthy();
    expect(screen.getByText('Customs')).toBeTruthy();
    expect(screen.getByText('Per kg')).toBeTruthy();
    expect(screen.getAllByText('Yes').length).toBe(1);
    expect(screen.getAllByText('No').length).toBe(1);
    expect(listCalls('charge-codes')[0]).toEqual({ page: 1, per_page: 25, sort: 'code' });
  });

  it('asks for no referenced records when no column refers to any (no GET /api/?per_page=100)', async () => {
    servePermissions(api, OWNER, { list: async () => page([code(1)]) });
    render();
    expect(await screen.findByText('C1')).toBeTruthy();
    expect(api.list.mock.calls.map(([url]) => url)).toEqual(['/charge-codes']);
  });

  it('pages and sorts on the server: page, per_page and sort go to the API', async () => {
    servePermissions(api, OWNER, {
      list: async (_url, config) => {
        const p = Number(config?.params?.page ?? 1);
        return page(Array.from({ length: 25 }, (_, i) => code((p - 1) * 25 + i + 1)), 60, p);
      },
    });
    render();
    expect(await screen.findByText('C1')).toBeTruthy();
    // The pager loads once a list has a second page.
    await userEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(listCalls('charge-codes').at(-1)).toEqual({ page: 2, per_page: 25, sort: 'code' }));
    expect(await screen.findByText('C26')).toBeTruthy();
    // Sorting starts again at page 1.
    await userEvent.click(screen.getByRole('columnheader', { name: /^Name/ }));
    await waitFor(() => expect(listCalls('charge-codes').at(-1)).toEqual({ page: 1, per_page: 25, sort: 'name' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /^Name/ }));
    await waitFor(() => expect(listCalls('charge-codes').at(-1)).toEqual({ page: 1, per_page: 25, sort: '-name' }));
    expect(screen.getByText('Total: 60')).toBeTruthy();
  });

  it('says "more than" past the server’s count cap, and still pages on while pages come back full', async () => {
    servePermissions(api, OWNER, {
      list: async (_url, config) => {
        const p = Number(config?.params?.page ?? 1);
        return { ...page(Array.from({ length: 25 }, (_, i) => code((p - 1) * 25 + i + 1)), 1000, p), meta: { total: 1000, total_exact: false, page: p, per_page: 25, next_cursor: null } };
      },
    });
    render();
    expect(await screen.findByText('Total: more than 1000')).toBeTruthy();
    await userEvent.click(screen.getByTitle('40'));
    await waitFor(() => expect(listCalls('charge-codes').at(-1)).toMatchObject({ page: 40 }));
    expect(await screen.findByText('C976')).toBeTruthy();
    // Page 40 came back full: page 41 is offered although the capped count ends at 40.
    expect(screen.getByTitle('41')).toBeTruthy();
  });

  it('searches (debounced) and filters; the export links carry the same query', async () => {
    servePermissions(api, OWNER, { list: async () => page([code(1)]) });
    render();
    expect(await screen.findByText('C1')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Charge codes' }), 'baf');
    await waitFor(() => expect(listCalls('charge-codes').at(-1)).toEqual({ page: 1, per_page: 25, sort: 'code', q: 'baf' }));
    const filter = screen.getByRole('combobox', { name: 'Filter by Taxable' });
    fireEvent.mouseDown(filter);
    await userEvent.click(await screen.findByTitle('Taxable: Yes'));
    await waitFor(() =>
      expect(listCalls('charge-codes').at(-1)).toEqual({ page: 1, per_page: 25, sort: 'code', q: 'baf', 'filter[taxable]': 'true' }),
    );
    const csv = screen.getByRole('link', { name: /Export CSV/ });
    expect(csv.getAttribute('href')).toBe('/api/charge-codes/export?format=csv&sort=code&q=baf&filter%5Btaxable%5D=true');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: /Export Excel/ }).getAttribute('href')).toContain('format=xlsx');
  });

  it('checks the form with the descriptor’s schema, then shows the server’s field errors on the fields', async () => {
    servePermissions(api, OWNER, { list: async () => page([dept(1)]) });
    api.post.mockRejectedValue(failure(409, 'duplicate', 'A record with these values already exists.', { name: 'A record with this value already exists.' }));
    render(departments);
    expect(await screen.findByText('Dept 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Add/ }));
    const drawer = await screen.findByRole('dialog');
    // The form loads with its first opening (open-resource-form.ts).
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Create' }));
    expect(await within(drawer).findByText('This field is required.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.type(within(drawer).getByLabelText('Name'), 'Dept 1');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/departments', { name: 'Dept 1' }));
    expect(await within(drawer).findByText('A record with this value already exists.')).toBeTruthy();

    // A 422 names the field with the shared English sentence: shown in the interface language.
    api.post.mockRejectedValue(failure(422, 'validation_failed', 'The request has invalid fields.', { name: VALIDATION_MESSAGES.text_too_long }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(await within(drawer).findByText('This is too long.')).toBeTruthy();

    // A refusal of the role, and a conflict that names no field, show in the form's problem line;
    // the next try starts without it.
    api.post.mockRejectedValue(failure(403, 'forbidden', 'Your role does not allow this (control_centre.create).'));
    await userEvent.clear(within(drawer).getByLabelText('Name'));
    await userEvent.type(within(drawer).getByLabelText('Name'), 'Dept 2');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect((await within(drawer).findByRole('alert')).textContent).toBe(NOT_ALLOWED);
    let finish!: (v: unknown) => void;
    api.post.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(drawer).queryByRole('alert')).toBeNull());
    finish(dept(2));
    // Saved: the drawer closes.
    await waitFor(() => expect(useDrawerStore.getState().open).toBe(false));
  });

  it('edits a record with only the changed fields (PATCH)', async () => {
    servePermissions(api, OWNER, { list: async () => page([dept(1)]) });
    api.patch.mockResolvedValue({ ...dept(1), description: 'Exports' });
    render(departments);
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.type(await within(drawer).findByLabelText(/^Description/), 'Exports');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/departments/d1', { description: 'Exports' }));
  });

  it('shows and sends percentages as decimal strings, with the shared rule on decimal places', async () => {
    servePermissions(api, OWNER, { list: async () => page([tier]) });
    api.patch.mockResolvedValue({ ...tier, discount_pct: '7.1234' });
    render(clientTiers);
    expect(await screen.findByText('12.3456')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const drawer = await screen.findByRole('dialog');
    const discount = (await within(drawer).findByLabelText(/^Discount/)) as HTMLInputElement;
    expect(discount.value).toBe('12.3456');
    await userEvent.clear(discount);
    await userEvent.type(discount, '7.12345');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('This has too many decimal places.')).toBeTruthy();
    expect(api.patch).not.toHaveBeenCalled();
    await userEvent.type(discount, '{Backspace}');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/client-tiers/t1', { discount_pct: '7.1234' }));
  });

  it('hides create, edit, delete and export without the permissions', async () => {
    servePermissions(api, VIEWER, { list: async () => page([code(1)]) });
    render();
    expect(await screen.findByText('C1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Export/ })).toBeNull();
  });

  it('offers delete with the delete permission alone, asks first, and explains a 409 in_use', async () => {
    servePermissions(api, role('r-del', 'Deleter', ['control_centre.view', 'control_centre.delete']), { list: async () => page([dept(1)]) });
    api.delete.mockRejectedValue(failure(409, 'in_use', 'Other records refer to this one: change or delete them first.'));
    render(departments);
    await userEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    expect(api.delete).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete this record? This cannot be undone.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/departments/d1'));
    // Found by its text: an earlier test's "Saved." toast (also role alert) may still be fading out.
    const problem = await screen.findByText('Other records refer to this one: change or delete them first.');
    expect(problem.closest('.ant-alert[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('says honestly when the role may not see the records (403), and when there are none', async () => {
    servePermissions(api, OWNER, { list: async () => Promise.reject(failure(403, 'forbidden')) });
    const first = render();
    expect(await screen.findByText('You cannot see this page')).toBeTruthy();
    first.unmount();
    servePermissions(api, OWNER, { list: async () => page([]) });
    render(departments);
    expect(await screen.findByText('Nothing here yet. Departments you add will be listed here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add the first one/ })).toBeTruthy();
  });
});
