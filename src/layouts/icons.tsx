/**
 * Menu icons by the names common/menu.ts uses. Each icon is imported on its own so that the
 * bundle holds only these, not the whole icon set (ARCHITECTURE.md).
 */
import type { ReactNode } from 'react';
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
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import SoundOutlined from '@ant-design/icons/SoundOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { MenuIconName } from '@common/menu';

/** A Record, so that a name added to MenuIconName without an icon fails the type check. */
const ICONS: Record<MenuIconName, ReactNode> = {
  AuditOutlined: <AuditOutlined />,
  BankOutlined: <BankOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  DownloadOutlined: <DownloadOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  HomeOutlined: <HomeOutlined />,
  IdcardOutlined: <IdcardOutlined />,
  KeyOutlined: <KeyOutlined />,
  LinkOutlined: <LinkOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  PhoneOutlined: <PhoneOutlined />,
  PictureOutlined: <PictureOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  ProjectOutlined: <ProjectOutlined />,
  ReadOutlined: <ReadOutlined />,
  SafetyCertificateOutlined: <SafetyCertificateOutlined />,
  SolutionOutlined: <SolutionOutlined />,
  SoundOutlined: <SoundOutlined />,
  SwapOutlined: <SwapOutlined />,
  TeamOutlined: <TeamOutlined />,
  TrophyOutlined: <TrophyOutlined />,
  UserOutlined: <UserOutlined />,
};

export function menuIcon(name: MenuIconName | undefined): ReactNode {
  return name ? ICONS[name] : undefined;
}
