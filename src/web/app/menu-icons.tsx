import type { ReactNode } from 'react';
import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CheckSquareOutlined,
  ControlOutlined,
  CreditCardOutlined,
  FileTextOutlined,
  FundOutlined,
  GlobalOutlined,
  IdcardOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  ReadOutlined,
  RobotOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MenuArea, MenuIcon } from './routes.tsx';

/** The drawings behind the route table's icon names (loaded with the home layout only). */
export const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  dashboard: <AppstoreOutlined aria-hidden="true" />,
  analytics: <BarChartOutlined aria-hidden="true" />,
  connections: <TeamOutlined aria-hidden="true" />,
  chats: <MessageOutlined aria-hidden="true" />,
  documents: <FileTextOutlined aria-hidden="true" />,
  tracking: <NodeIndexOutlined aria-hidden="true" />,
  shipments_under_way: <GlobalOutlined aria-hidden="true" />,
  tasks: <CheckSquareOutlined aria-hidden="true" />,
  exceptions: <AlertOutlined aria-hidden="true" />,
  notifications: <BellOutlined aria-hidden="true" />,
  recruitment: <SolutionOutlined aria-hidden="true" />,
  ai: <RobotOutlined aria-hidden="true" />,
  posts: <ReadOutlined aria-hidden="true" />,
  profile: <UserOutlined aria-hidden="true" />,
  settings: <SettingOutlined aria-hidden="true" />,
  billing: <CreditCardOutlined aria-hidden="true" />,
};

/** Icons of the side menu's area groups. */
export const AREA_ICONS: Record<Exclude<MenuArea, 'general' | 'user'>, ReactNode> = {
  organisation: <ApartmentOutlined aria-hidden="true" />,
  control_centre: <ControlOutlined aria-hidden="true" />,
  crm: <FundOutlined aria-hidden="true" />,
  hr: <IdcardOutlined aria-hidden="true" />,
};
