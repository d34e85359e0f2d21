import type { ComponentType } from 'react';
import type { WidgetKey } from '#shared/dashboard/widget-rules.ts';
import { AnalyticsWidget } from './widgets/analytics-widget.tsx';
import { CalendarWidget } from './widgets/calendar-widget.tsx';
import { ClockWidget } from './widgets/clock-widget.tsx';
import { ConnectionsWidget } from './widgets/connections-widget.tsx';
import { CrmWidget } from './widgets/crm-widget.tsx';
import { DepartmentWidget } from './widgets/department-widget.tsx';
import { WeatherWidget } from './widgets/weather-widget.tsx';

const BODIES: Record<WidgetKey, ComponentType> = {
  organisationAnalytics: AnalyticsWidget,
  crm: CrmWidget,
  clock: ClockWidget,
  organisationDepartment: DepartmentWidget,
  weather: WeatherWidget,
  calendar: CalendarWidget,
  connections: ConnectionsWidget,
};

/** The content of a widget's card. */
export function WidgetBody({ widgetKey }: { widgetKey: WidgetKey }) {
  const Body = BODIES[widgetKey];
  return <Body />;
}
