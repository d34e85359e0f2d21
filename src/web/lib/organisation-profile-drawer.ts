import i18next from 'i18next';
import { useDrawerStore } from './drawer-store.ts';

/** The drawer content type of an organisation's public profile (src/web/app registers what shows it). */
export const ORGANISATION_PROFILE_DRAWER = 'organisation-profile';

export type OrganisationProfileDrawerData = { organisationId: string };

/** Opens an organisation's public profile in the app's drawer (from a profile or from search). */
export function openOrganisationProfile(organisationId: string, name?: string): void {
  useDrawerStore.getState().openDrawer({
    type: ORGANISATION_PROFILE_DRAWER,
    title: name ?? i18next.t('profile.organisation.title'),
    width: 560,
    data: { organisationId } satisfies OrganisationProfileDrawerData,
  });
}
