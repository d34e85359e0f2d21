import { Tabs } from 'antd';
import { payComponents, salaryAssignments, salaryStructures } from '#shared/resources/hr.ts';
import { RouteTitle } from '../components/route-title.tsx';
import { ResourcePage } from '../features/control-centre/resource-page.tsx';
import { useCcTranslation } from '../features/control-centre/cc-texts.ts';
import { PayrollNotice, PayrollRunsPanel } from '../features/hr/payroll-panel.tsx';
import { useHrTranslation } from '../features/hr/hr-texts.ts';
import { useSessionStore } from '../lib/session-store.ts';

/** hr/payroll (composed here): the runs and one's own payslips; with payroll rights, the structures, components and assignments. */
export function HrPayrollScreen() {
  const { t } = useHrTranslation();
  const { t: cc } = useCcTranslation();
  const canPayroll = useSessionStore((s) => (s.user?.permissions ?? []).includes('payroll.view'));
  return (
    <section className="fyn-page">
      <RouteTitle />
      <PayrollNotice />
      <Tabs
        items={[
          { key: 'runs', label: t('payroll.runs'), children: <PayrollRunsPanel /> },
          ...(canPayroll ? [
            { key: 'structures', label: cc(salaryStructures.titleKey), children: <ResourcePage descriptor={salaryStructures} /> },
            { key: 'components', label: cc(payComponents.titleKey), children: <ResourcePage descriptor={payComponents} /> },
            { key: 'assignments', label: cc(salaryAssignments.titleKey), children: <ResourcePage descriptor={salaryAssignments} /> },
          ] : []),
        ]}
      />
    </section>
  );
}
