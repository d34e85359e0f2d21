import { Tabs } from 'antd';
import { employees, leavePolicies, leaveTypes } from '#shared/resources/hr.ts';
import { RouteTitle } from '../components/route-title.tsx';
import { ResourcePage } from '../features/control-centre/resource-page.tsx';
import { useCcTranslation } from '../features/control-centre/cc-texts.ts';
import { ContractsPanel } from '../features/hr/contracts-panel.tsx';
import { useHrTranslation } from '../features/hr/hr-texts.ts';

/** hr/contracts (composed here): the contracts, the employee records they belong to, and the leave types and policies. */
export function HrContractsScreen() {
  const { t } = useHrTranslation();
  const { t: cc } = useCcTranslation();
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Tabs
        items={[
          { key: 'contracts', label: t('contracts.tab'), children: <ContractsPanel /> },
          { key: 'employees', label: cc(employees.titleKey), children: <ResourcePage descriptor={employees} /> },
          { key: 'leave-types', label: cc(leaveTypes.titleKey), children: <ResourcePage descriptor={leaveTypes} /> },
          { key: 'leave-policies', label: cc(leavePolicies.titleKey), children: <ResourcePage descriptor={leavePolicies} /> },
        ]}
      />
    </section>
  );
}
