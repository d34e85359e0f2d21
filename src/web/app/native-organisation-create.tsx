import { Card } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { nativeOrganisations } from '#shared/resources/native-organisations.ts';
import { RouteTitle } from '../components/route-title.tsx';
import { ResourceForm } from '../features/control-centre/resource-form.tsx';
import { NATIVE_ORGANISATIONS_PATH, profilePath } from './native-organisation-paths.ts';

/**
 * crm/connections/native-organisation/create: a new client not on FYN. A name like one already there (or the
 * same VAT number) shows the look-alikes, linked to their profiles, and "Create anyway"; then its profile opens.
 */
export function NativeOrganisationCreate() {
  const navigate = useNavigate();
  const created = useRef(false);
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Card style={{ maxWidth: 720 }}>
        <ResourceForm
          descriptor={nativeOrganisations}
          record={null}
          candidateHref={profilePath}
          onCreated={(r) => {
            created.current = true;
            navigate(profilePath(r.id));
          }}
          onDone={() => {
            if (!created.current) navigate(NATIVE_ORGANISATIONS_PATH);
          }}
        />
      </Card>
    </section>
  );
}
