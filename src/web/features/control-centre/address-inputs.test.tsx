import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { addresses } from '#shared/resources/addresses.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { ResourceForm } from './resource-form.tsx';
import { ME, OWNER, page, servePermissions, type FakeApi } from './test-fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }) as FakeApi);
vi.mock('../../lib/api-client.ts', () => ({ api }));

const SUBDIVISIONS: Record<string, { code: string; name: string; type: string | null }[]> = {
  GB: [
    { code: 'ESS', name: 'Essex', type: 'Two-tier county' },
    { code: 'SFK', name: 'Suffolk', type: 'Two-tier county' },
  ],
  FR: [{ code: 'IDF', name: 'Île-de-France', type: 'Metropolitan region' }],
};

function serveBuilder() {
  servePermissions(api, OWNER, {
    list: async () => page([]),
    get: async (url, config) => {
      const params = config?.params ?? {};
      if (url === '/address-builder/countries') return [{ code: 'GB', places: 3071 }, { code: 'FR', places: 4000 }];
      if (url === '/address-builder/subdivisions') return SUBDIVISIONS[String(params.country)] ?? [];
      if (url === '/address-builder/towns') {
        const q = String(params.q ?? '').toLowerCase();
        const towns = params.country === 'GB' ? [{ name: 'Felixstowe', code: 'GBFXT', subdivision: 'SFK' }] : [];
        return towns.filter((t) => t.name.toLowerCase().startsWith(q));
      }
      if (url === '/locations/search') return [];
      throw new Error(`unexpected GET ${url}`);
    },
  });
}

async function openForm() {
  const view = renderScreen(
    <ResourceForm descriptor={addresses} record={null} onDone={() => undefined} />,
    '/organisation/control-centre/addresses',
  );
  await screen.findByRole('button', { name: 'Create' });
  return view.container;
}

/** Opens a select by its label and picks the option titled `title`. */
async function choose(form: HTMLElement, label: string | RegExp, title: string, typed?: string) {
  const box = within(form).getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  if (typed) fireEvent.change(box, { target: { value: typed } });
  await userEvent.click(await screen.findByTitle(title));
}

/** What a select shows as its value. */
const shown = (form: HTMLElement, label: RegExp) =>
  within(form).getByRole('combobox', { name: label }).closest('.ant-select')?.textContent ?? '';

const subdivisionCalls = () => api.get.mock.calls.filter(([url]) => url === '/address-builder/subdivisions').map(([, c]) => c.params);

describe('address form builder inputs', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(ME);
    serveBuilder();
  });

  it('offers the builder countries, and choosing one loads its subdivisions', async () => {
    const form = await openForm();
    // Every builder input has a visible label tied to it.
    for (const label of [/^Country/, /^State or region code/, /^County/, /^Town or city/, /^UN\/LOCODE location/]) {
      expect(within(form).getByRole('combobox', { name: label })).toBeTruthy();
    }
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/address-builder/countries', expect.anything()));
    expect(subdivisionCalls()).toEqual([]);
    await choose(form, /^Country/, 'United Kingdom', 'United');
    await waitFor(() => expect(subdivisionCalls()).toEqual([{ country: 'GB' }]));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /^State or region code/ }));
    expect(await screen.findByTitle('Suffolk (SFK)')).toBeTruthy();
    expect(screen.getByTitle('Essex (ESS)')).toBeTruthy();
  });

  it('suggests towns as one types; choosing one fills the UN/LOCODE and subdivision', async () => {
    const form = await openForm();
    await choose(form, /^Country/, 'United Kingdom', 'United');
    await userEvent.type(within(form).getByRole('combobox', { name: /^Town or city/ }), 'fel');
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith('/address-builder/towns', expect.objectContaining({ params: { country: 'GB', q: 'fel', limit: 20 } })),
    );
    await userEvent.click(await screen.findByText('Felixstowe'));
    expect((within(form).getByRole('combobox', { name: /^Town or city/ }) as HTMLInputElement).value).toBe('Felixstowe');
    await waitFor(() => expect(shown(form, /^UN\/LOCODE location/)).toContain('Felixstowe (GBFXT)'));
    await waitFor(() => expect(shown(form, /^State or region code/)).toContain('Suffolk (SFK)'));

    fireEvent.change(within(form).getByLabelText(/^Label/), { target: { value: 'Dock' } });
    fireEvent.change(within(form).getByLabelText(/^Address line 1/), { target: { value: 'Quay 1' } });
    await choose(form, /^Location type/, 'Port');
    api.post.mockResolvedValue({ id: 'a1' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        '/addresses',
        expect.objectContaining({ town: 'Felixstowe', country: 'GB', subdivision: 'SFK', location_code: 'GBFXT' }),
      ),
    );
  });

  it('clears the subdivision when the country changes', async () => {
    const form = await openForm();
    await choose(form, /^Country/, 'United Kingdom', 'United');
    await choose(form, /^State or region code/, 'Suffolk (SFK)');
    expect(shown(form, /^State or region code/)).toContain('Suffolk (SFK)');
    await choose(form, /^Country/, 'France', 'Fra');
    await waitFor(() => expect(shown(form, /^State or region code/)).not.toContain('Suffolk'));
    await waitFor(() => expect(subdivisionCalls()).toContainEqual({ country: 'FR' }));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /^State or region code/ }));
    expect(await screen.findByTitle('Île-de-France (IDF)')).toBeTruthy();
  });
});
