import type { ComponentType } from 'react';
import {
  AimOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BgColorsOutlined, BookOutlined, BuildOutlined, BulbOutlined, CalendarOutlined, CameraOutlined, CarOutlined, CloudOutlined, CodeOutlined, CoffeeOutlined, CompassOutlined, ContainerOutlined, CrownOutlined, DashboardOutlined, EnvironmentOutlined, FieldTimeOutlined, FlagOutlined, GlobalOutlined, GoldOutlined, HeartOutlined, InboxOutlined, MedicineBoxOutlined, NodeIndexOutlined, RiseOutlined, RobotOutlined, SafetyCertificateOutlined, SafetyOutlined, SendOutlined, ShoppingCartOutlined, ShoppingOutlined, SoundOutlined, SunOutlined, SyncOutlined, TeamOutlined, ThunderboltOutlined, ToolOutlined, TranslationOutlined, TrophyOutlined, VideoCameraOutlined, WarningOutlined,
} from '@ant-design/icons';
import { INTERESTS, type InterestCode, type InterestIcon } from '#shared/api/profiles.ts';

/** The outlined icon of each interest, by the name the shared list gives it (only these are bundled). */
const ICONS: Record<InterestIcon, ComponentType<{ 'aria-hidden'?: boolean | 'true' }>> = {
  AimOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BgColorsOutlined, BookOutlined, BuildOutlined, BulbOutlined, CalendarOutlined, CameraOutlined, CarOutlined, CloudOutlined, CodeOutlined, CoffeeOutlined, CompassOutlined, ContainerOutlined, CrownOutlined, DashboardOutlined, EnvironmentOutlined, FieldTimeOutlined, FlagOutlined, GlobalOutlined, GoldOutlined, HeartOutlined, InboxOutlined, MedicineBoxOutlined, NodeIndexOutlined, RiseOutlined, RobotOutlined, SafetyCertificateOutlined, SafetyOutlined, SendOutlined, ShoppingCartOutlined, ShoppingOutlined, SoundOutlined, SunOutlined, SyncOutlined, TeamOutlined, ThunderboltOutlined, ToolOutlined, TranslationOutlined, TrophyOutlined, VideoCameraOutlined, WarningOutlined,
};

const byCode = new Map<string, InterestIcon>(INTERESTS.map((i) => [i.code, i.icon]));

/** The icon of an interest code (nothing for a code this browser does not know). */
export function InterestIconOf({ code }: { code: InterestCode | string }) {
  const name = byCode.get(code);
  if (!name) return null;
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" />;
}
