/**
 * 基本信息: the account, and the unit's or practitioner's own record as the system holds it
 * (the practitioner's ID number and phone whole: they are the owner), with the way to correct it.
 */
import { Link } from '@umijs/max';
import { Alert, Card, Descriptions, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { PersonalData, ProfileFile } from '@common/schemas/profile';
import { formatDateTime } from '@/components/ListPage';
import { authTypeLabel, FILE_SLOT_LABELS, practitionerStatusLabel, unitStatusLabel } from './labels';

const COLUMNS = { xs: 1, sm: 1, md: 2 };
const or = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

function FileNames({ files }: { files: ProfileFile[] }) {
  if (files.length === 0) return <>—</>;
  return (
    <Space direction="vertical" size={0}>
      {files.map((f) => (
        <span key={`${f.slot}:${f.fileId}`}>
          {FILE_SLOT_LABELS[f.slot] ?? f.slot}：{f.name}
        </span>
      ))}
    </Space>
  );
}

export function AccountCard({ data }: { data: PersonalData }) {
  const a = data.account;
  return (
    <Card title="账号信息" size="small">
      <Descriptions column={COLUMNS} size="small">
        <Descriptions.Item label="登录账号">{a.loginAccount}</Descriptions.Item>
        <Descriptions.Item label="姓名/名称">{a.name}</Descriptions.Item>
        <Descriptions.Item label="账号类型">{authTypeLabel(a.authType)}</Descriptions.Item>
        <Descriptions.Item label="状态">{a.enabled ? '正常' : '已停用'}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{or(a.phone)}</Descriptions.Item>
        <Descriptions.Item label="电子邮箱">{or(a.email)}</Descriptions.Item>
        {a.roleNames.length > 0 && <Descriptions.Item label="角色">{a.roleNames.join('、')}</Descriptions.Item>}
        <Descriptions.Item label="开通时间">{formatDateTime(a.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="上次登录">{a.lastLoginAt ? formatDateTime(a.lastLoginAt) : '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function UnitCard({ data }: { data: PersonalData }) {
  const u = data.unit;
  if (!u) return null;
  return (
    <Card
      title="本单位信息"
      size="small"
      extra={
        <Link to="/Manage/memberInfo" data-testid="correct-link">
          更正信息
        </Link>
      }
    >
      <Descriptions column={COLUMNS} size="small">
        <Descriptions.Item label="单位名称">{u.name}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{u.creditCode}</Descriptions.Item>
        <Descriptions.Item label="法定代表人">{u.legalRepresentative}</Descriptions.Item>
        <Descriptions.Item label="联系人">{u.contactPerson}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{or(u.contactPhone)}</Descriptions.Item>
        <Descriptions.Item label="电子邮箱">{or(u.email)}</Descriptions.Item>
        <Descriptions.Item label="地址">{or(u.address)}</Descriptions.Item>
        <Descriptions.Item label="会员级别">{or(u.memberLevel)}</Descriptions.Item>
        <Descriptions.Item label="会员编号">{or(u.memberNo)}</Descriptions.Item>
        <Descriptions.Item label="状态">{unitStatusLabel(u.status)}</Descriptions.Item>
        <Descriptions.Item label="材料">
          <FileNames files={u.files} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        信息有误时，请在「单位信息管理」中修改；单位名称、统一社会信用代码、法定代表人的变更经协会审核后生效。
      </Typography.Paragraph>
    </Card>
  );
}

export function PractitionerCard({ data }: { data: PersonalData }) {
  const p = data.practitioner;
  if (!p) return null;
  return (
    <Card
      title="本人从业人员信息"
      size="small"
      extra={
        <Link to="/Manage/employee-management" data-testid="correct-link">
          查看登记记录
        </Link>
      }
    >
      {p.anonymisedAt && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={`您的个人信息已于 ${formatDateTime(p.anonymisedAt)} 删除（匿名化）`} />}
      <Descriptions column={COLUMNS} size="small">
        <Descriptions.Item label="姓名">{p.name}</Descriptions.Item>
        <Descriptions.Item label="性别">{or(p.gender)}</Descriptions.Item>
        <Descriptions.Item label="身份证号码">{or(p.idCardNo)}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{or(p.phone)}</Descriptions.Item>
        <Descriptions.Item label="电子邮箱">{or(p.email)}</Descriptions.Item>
        <Descriptions.Item label="所在单位">{or(p.unitName)}</Descriptions.Item>
        <Descriptions.Item label="学历">{or(p.education)}</Descriptions.Item>
        <Descriptions.Item label="专业">{or(p.major)}</Descriptions.Item>
        <Descriptions.Item label="职称">{or(p.professionalTitle)}</Descriptions.Item>
        <Descriptions.Item label="职务">{or(p.position)}</Descriptions.Item>
        <Descriptions.Item label="入职日期">{or(p.entryDate)}</Descriptions.Item>
        <Descriptions.Item label="培训学时">{p.trainingHours}</Descriptions.Item>
        <Descriptions.Item label="状态">{practitionerStatusLabel(p.status)}</Descriptions.Item>
        <Descriptions.Item label="材料">
          <FileNames files={p.files} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        信息有误时，请联系所在单位在「从业人员管理」中修改，经协会审核后生效。
      </Typography.Paragraph>
    </Card>
  );
}
