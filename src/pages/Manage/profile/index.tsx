/**
 * 个人中心 (PIPL art. 44–47): what the system holds about the caller (account, own unit
 * or own practitioner record, certificates), their consents (a practitioner may withdraw the
 * sensitive-data one), the last 30 days of logins, their active sessions, and 下载我的数据 (all
 * of it as a JSON file). Corrections go through the usual edit and review path. Staff who handle
 * personal-data requests also find the deletion requests here.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { App, Button, Result, Skeleton, Space, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { PersonalData } from '@common/schemas/profile';
import AccountSessions from '@/components/AccountSessions';
import { ManagePageContainer } from '@/components/ListPage';
import { useCan } from '@/hooks/useCan';
import { downloadProfile, getProfile } from '@/services/profile';
import CertificateList from './components/CertificateList';
import ConsentList from './components/ConsentList';
import DeletionRequests from './components/DeletionRequests';
import LoginHistory from './components/LoginHistory';
import NoticePreferencesCard from './components/NoticePreferencesCard';
import { AccountCard, PractitionerCard, UnitCard } from './components/RecordCards';

export default function ProfilePage() {
  const { message } = App.useApp();
  const can = useCan();
  const [data, setData] = useState<PersonalData | null>(null);
  const [failed, setFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setData(await getProfile());
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const download = async () => {
    setDownloading(true);
    try {
      const name = await downloadProfile();
      message.success(`已下载 ${name}`);
    } catch {
      // The request layer has shown why.
    } finally {
      setDownloading(false);
    }
  };

  let body;
  if (failed) {
    body = (
      <Result
        status="error"
        title="个人信息加载失败"
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void load()}>
            重试
          </Button>
        }
      />
    );
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    const items = [
      {
        key: 'info',
        label: '基本信息',
        children: (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <AccountCard data={data} />
            <UnitCard data={data} />
            <PractitionerCard data={data} />
          </Space>
        ),
      },
      ...(data.unit || data.practitioner
        ? [{ key: 'certificates', label: `证书（${data.certificates.length}）`, children: <CertificateList certificates={data.certificates} /> }]
        : []),
      { key: 'consents', label: '同意记录', children: <ConsentList data={data} onChanged={() => void load()} /> },
      { key: 'logins', label: '登录记录', children: <LoginHistory logins={data.logins} /> },
      { key: 'notices', label: '通知设置', children: <NoticePreferencesCard /> },
      { key: 'sessions', label: '会话', children: <AccountSessions /> },
      ...(can('system:personal-data:handle') ? [{ key: 'deletion', label: '个人信息删除请求', children: <DeletionRequests /> }] : []),
    ];
    body = <Tabs items={items} destroyOnHidden />;
  }

  return (
    <ManagePageContainer path="/Manage/profile">
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
          下载我的数据
        </Button>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>下载系统保存的本人全部信息（JSON 文件），下载记入审计日志。</span>
      </Space>
      {body}
    </ManagePageContainer>
  );
}
