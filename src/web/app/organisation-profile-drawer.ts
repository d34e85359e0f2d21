import { lazy } from 'react';
import { registerDrawerContent } from '../lib/drawer-registry.ts';
import { ORGANISATION_PROFILE_DRAWER } from '../lib/organisation-profile-drawer.ts';

// An organisation's public profile (lib/organisation-profile-drawer.ts opens it), loaded on first use.
registerDrawerContent(
  ORGANISATION_PROFILE_DRAWER,
  lazy(async () => ({ default: (await import('../features/profile/organisation-profile-panel.tsx')).OrganisationProfilePanel })),
);
