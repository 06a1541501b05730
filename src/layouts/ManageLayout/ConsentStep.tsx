/**
 * The first-login consent (PIPL art. 29: a separate consent to sensitive personal information):
 * a practitioner whose record their unit entered reads what is collected about them and why,
 * and agrees before anything else (the server refuses every other call with status 24 until
 * then). 不同意并退出 logs out.
 */
import { useEffect, useState } from 'react';
import { App, Button, Result, Skeleton, Space, Typography } from 'antd';
import type { SensitivePiConsent } from '@common/schemas/sessions';
import { useModel } from '@umijs/max';
import { agreeSensitivePiConsent, sensitivePiConsent } from '@/services/sessions';
import { saveCurrentUser } from '@/storage';
import { ASSOCIATION_NAME } from '../brand';
import styles from './index.less';

interface Props {
  onAgreed: () => void;
  onDecline: () => void;
}

export default function ConsentStep({ onAgreed, onDecline }: Props) {
  const { message } = App.useApp();
  const { initialState, setInitialState } = useModel('@@initialState');
  const [notice, setNotice] = useState<SensitivePiConsent | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    sensitivePiConsent().then(
      (data) => {
        if (!cancelled) setNotice(data);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const agree = async () => {
    if (!notice) return;
    setSaving(true);
    try {
      await agreeSensitivePiConsent(notice.version);
      message.success('已记录您的同意');
      const current = initialState?.currentUser;
      if (current) {
        const updated = saveCurrentUser({ ...current, consentRequired: false });
        await setInitialState((s) => ({ ...s, currentUser: updated }));
      }
      onAgreed();
    } catch {
      // The request layer showed why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <main className={styles.consentPage} aria-labelledby="consent-title">
      <div className={styles.consentCard}>
        <Typography.Text type="secondary">{ASSOCIATION_NAME}</Typography.Text>
        {failed ? (
          <Result
            status="warning"
            title="个人信息处理说明加载失败"
            extra={
              <Space wrap>
                <Button onClick={() => setAttempt((n) => n + 1)}>重试</Button>
                <Button onClick={onDecline}>退出登录</Button>
              </Space>
            }
          />
        ) : !notice ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <>
            <Typography.Title level={3} id="consent-title" className={styles.consentTitle}>
              {notice.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary">版本：{notice.version}</Typography.Paragraph>
            <div className={styles.consentText} tabIndex={0} aria-label="说明全文">
              {notice.sections.map((section) => (
                <section key={section.heading}>
                  <Typography.Title level={5}>{section.heading}</Typography.Title>
                  {section.paragraphs.map((p) => (
                    <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
                  ))}
                </section>
              ))}
            </div>
            <Space wrap className={styles.consentActions}>
              <Button onClick={onDecline} disabled={saving}>
                不同意并退出
              </Button>
              <Button type="primary" loading={saving} onClick={() => void agree()}>
                同意
              </Button>
            </Space>
          </>
        )}
      </div>
    </main>
  );
}
