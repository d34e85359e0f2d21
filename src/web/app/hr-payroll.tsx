import { Skeleton, Tabs } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { payComponents, salaryAssignments, salaryStructures } from '#shared/resources/hr.ts';
import { RouteTitle } from '../components/route-title.tsx';
import { useCcTranslation } from '../features/control-centre/cc-texts.ts';
import { PayrollNotice, PayrollRunsPanel } from '../features/hr/payroll-panel.tsx';
import { useHrTranslation } from '../features/hr/hr-texts.ts';
import { useSessionStore } from '../lib/session-store.ts';

// The record lists of the payroll-rights tabs load when one is first shown, not with the runs (issue 22's budget).
const ResourcePage = lazy(async () => ({ default: (await import('../features/control-centre/resource-page.tsx')).ResourcePage }));
const later = (tab: ReactNode) => <Suspense fallback={<Skeleton active />}>{tab}</Suspense>;

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
            { key: 'structures', label: cc(salaryStructures.titleKey), children: later(<ResourcePage descriptor={salaryStructures} />) },
            { key: 'components', label: cc(payComponents.titleKey), children: later(<ResourcePage descriptor={payComponents} />) },
            { key: 'assignments', label: cc(salaryAssignments.titleKey), children: later(<ResourcePage descriptor={salaryAssignments} />) },
          ] : []),
        ]}
      />
    </section>
  );
}
