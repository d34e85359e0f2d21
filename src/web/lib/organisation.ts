import { api } from './api-client.ts';
import { useOrganisationStore, type OrganisationSummary } from './organisation-store.ts';
import { useSessionStore } from './session-store.ts';

/**
 * Fetches the user's organisation (GET /api/organisations/:id) into the organisation store.
 * Without an organisation it throws "Organisation not set" (docs/product.md#error-notices); a failing call is only
 * logged, and answers null.
 */
export async function fetchOrganisation(): Promise<OrganisationSummary | null> {
  const id = useSessionStore.getState().user?.organisation?.id;
  if (!id) throw new Error('Organisation not set');
  try {
    const organisation = await api.get<OrganisationSummary>(`/organisations/${encodeURIComponent(id)}`, { silent: true });
    useOrganisationStore.getState().setOrganisation(organisation);
    return organisation;
  } catch (error) {
    console.error('Fetching the organisation failed', error);
    return null;
  }
}
