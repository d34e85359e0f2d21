import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { leads } from '#shared/resources/leads.ts';
import { CONVERTIBLE, type LeadStatus } from '#shared/crm/model.ts';
import { api } from '../lib/api-client.ts';
import { feedback, showFailure } from '../lib/feedback.ts';
import { ResourcePage } from '../features/control-centre/resource-page.tsx';
import { useCurrentRoute } from '../lib/route-context.ts';
import { useSalesTranslation } from '../features/quotes/sales-texts.ts';
import { ImportButton } from '../components/import-button.tsx';
import { ccKeys } from '../features/control-centre/cc-api.ts';
import { usePermissions } from '../features/control-centre/use-permissions.ts';

/** crm/lead-generation (composed here: the control centre's list page with the sales texts and Convert): the leads, and converting one into a client with a deal on the prospects board. */
export function LeadsScreen() {
  const { t } = useSalesTranslation();
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const { can } = usePermissions();
  async function convert(id: string, name: string) {
    setBusy(id);
    try {
      await api.post<{ native_organisation_id: string; deal_id: string }>(`/leads/${id}/convert`);
      await client.invalidateQueries();
      feedback().message.success(t('leads.converted', { name }));
      navigate('/organisation/crm/pipeline-management');
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(null);
    }
  }
  return (
    <ResourcePage
      descriptor={leads}
      title={route ? t(route.titleKey) : undefined}
      intro={t('leads.intro')}
      actions={
        can('crm', 'create') && (
          <ImportButton endpoint="/leads/import" template="/leads/import/template" onImported={() => void client.invalidateQueries({ queryKey: ccKeys.resource('leads') })} />
        )
      }
      rowActions={(row) =>
        CONVERTIBLE.includes(row.status as LeadStatus) && (
          <Button type="link" loading={busy === row.id} onClick={() => convert(String(row.id), String(row.company_name))}>
            {t('leads.convert')}
          </Button>
        )
      }
    />
  );
}
