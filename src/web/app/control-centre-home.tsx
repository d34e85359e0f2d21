import { ControlCentreScreen } from '../features/control-centre/control-centre-screen.tsx';
import { OrganisationProfile } from '../features/organisation/organisation-profile.tsx';

/** The control centre's front page with the organisation's profile on top (features composed here). */
export function ControlCentreHome() {
  return <ControlCentreScreen profile={<OrganisationProfile />} />;
}
