import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { nativeOrganisations } from '#shared/resources/native-organisations.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { ResourceForm } from './resource-form.tsx';
import { ME, OWNER, page, servePermissions, type FakeApi } from './test-fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }) as FakeApi);
vi.mock('../../lib/api-client.ts', () => ({ api }));

/** A CRM client (native organisation) as the API gives it, writing to it in German. */
const HANSEATIC = {
  id: '0193a000-0000-7000-8000-000000000001', name: 'Hanseatic Machine Parts GmbH', type: 'consignee', country: 'DE', city: 'Hamburg', language: 'de',
  vat_number: null, registration_number: null, website: null, email: 'einkauf@hanseatic-parts.example', phone: null, client_tier_id: null, payment_terms_days: 30,
  credit_limit_minor: null, currency: null, credit_status: 'ok', assigned_user_id: null, notes: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z',
};

describe('the language of a CRM client', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(ME);
    servePermissions(api, OWNER, { list: async () => page([]), get: async () => [] });
  });

  it('shows the client’s correspondence language among the 8 of the product, and saves the one chosen', async () => {
    const view = renderScreen(<ResourceForm descriptor={nativeOrganisations} record={HANSEATIC} onDone={() => undefined} />, '/crm/connections/native-organisation');
    await screen.findByRole('button', { name: 'Save' });
    const form = view.container;
    const box = within(form).getByRole('combobox', { name: /^Correspondence language/ });
    expect(box.closest('.ant-select')?.textContent).toContain('German');
    fireEvent.mouseDown(box);
    // The product's 8 languages, each by its name.
    expect(nativeOrganisations.fields.find((f) => f.name === 'language')?.options).toEqual(['de', 'en', 'es', 'fr', 'ja', 'ro', 'ru', 'zh']);
    await userEvent.click(await screen.findByTitle('French'));
    api.patch.mockResolvedValue({ ...HANSEATIC, language: 'fr' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith(`/native-organisations/${HANSEATIC.id}`, expect.objectContaining({ language: 'fr' })));
  }, 60_000);
});
