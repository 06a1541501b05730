/**
 * Menu icons by the names common/menu.ts uses. Each icon is imported on its own so that the
 * bundle holds only these, not the whole icon set.
 */
import type { ReactNode } from 'react';
import AlertOutlined from '@ant-design/icons/AlertOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import ProjectOutlined from '@ant-design/icons/ProjectOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import SoundOutlined from '@ant-design/icons/SoundOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { MenuIconName } from '@common/menu';

/**
 * A Record, so that a name added to MenuIconName without an icon fails the type check.
 * Menu icons sit beside their Chinese title: hidden from screen readers, which would
 * otherwise read the icon's English name.
 */
const ICONS: Record<MenuIconName, ReactNode> = {
  AlertOutlined: <AlertOutlined aria-hidden />,
  AuditOutlined: <AuditOutlined aria-hidden />,
  BankOutlined: <BankOutlined aria-hidden />,
  DashboardOutlined: <DashboardOutlined aria-hidden />,
  DownloadOutlined: <DownloadOutlined aria-hidden />,
  FileSearchOutlined: <FileSearchOutlined aria-hidden />,
  FileTextOutlined: <FileTextOutlined aria-hidden />,
  HomeOutlined: <HomeOutlined aria-hidden />,
  IdcardOutlined: <IdcardOutlined aria-hidden />,
  KeyOutlined: <KeyOutlined aria-hidden />,
  LinkOutlined: <LinkOutlined aria-hidden />,
  NotificationOutlined: <NotificationOutlined aria-hidden />,
  PhoneOutlined: <PhoneOutlined aria-hidden />,
  PictureOutlined: <PictureOutlined aria-hidden />,
  ProfileOutlined: <ProfileOutlined aria-hidden />,
  ProjectOutlined: <ProjectOutlined aria-hidden />,
  ReadOutlined: <ReadOutlined aria-hidden />,
  SafetyCertificateOutlined: <SafetyCertificateOutlined aria-hidden />,
  SettingOutlined: <SettingOutlined aria-hidden />,
  SolutionOutlined: <SolutionOutlined aria-hidden />,
  SoundOutlined: <SoundOutlined aria-hidden />,
  StarOutlined: <StarOutlined aria-hidden />,
  SwapOutlined: <SwapOutlined aria-hidden />,
  TeamOutlined: <TeamOutlined aria-hidden />,
  TrophyOutlined: <TrophyOutlined aria-hidden />,
  UserOutlined: <UserOutlined aria-hidden />,
};

export function menuIcon(name: MenuIconName | undefined): ReactNode {
  return name ? ICONS[name] : undefined;
}
