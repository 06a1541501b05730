/**
 * One change in full: who moves from where to where and why, its state, the release letter
 * (preview / download through signed addresses), and the whole history as a timeline, oldest
 * first. Every party to the change (staff, the practitioner, both units) sees the same.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { Alert, Button, Descriptions, Drawer, Empty, Space, Timeline, Typography } from 'antd';
import type { UnitChangeDetail, UnitChangeWaiting } from '@common/schemas/unitChanges';
import type { PreviewItem } from '@common/schemas/files';
import { formatDateTime } from '@/components/ListPage';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import { previewFiles } from '@/services/file';
import { getUnitChange } from '@/services/unitChanges';
import { StatusTag, stepColor, stepLabel } from './status';

export interface DetailDrawerProps {
  id: string | null;
  onClose: () => void;
}

const WAITING_TEXT: Record<UnitChangeWaiting, string> = {
  from_unit: '等待原单位放行',
  association: '等待协会审批',
};

/** The previews of a change's release letters (a letter without one still lists). */
export async function releaseLetterPreviews(detail: UnitChangeDetail): Promise<Map<string, PreviewItem>> {
  const ids = detail.releaseLetters.map((f) => f.fileId);
  const previews = ids.length ? await previewFiles(ids).catch((): PreviewItem[] => []) : [];
  return new Map(previews.map((p) => [p.fileId, p]));
}

async function loadChange(id: string): Promise<{ detail: UnitChangeDetail; previews: Map<string, PreviewItem> }> {
  const detail = await getUnitChange(id);
  return { detail, previews: await releaseLetterPreviews(detail) };
}

export default function DetailDrawer({ id, onClose }: DetailDrawerProps) {
  const change = useRecord(id, loadChange);
  return (
    <Drawer open={!!id} onClose={onClose} size={720} title="单位变更详情" destroyOnHidden>
      <RecordView state={change} failedTitle="详情加载失败" rows={8}>
        {({ detail, previews }) => <DetailBody detail={detail} previews={previews} />}
      </RecordView>
    </Drawer>
  );
}

/** What the drawer shows of one change (also the business-audit queue's review drawer). */
export function DetailBody({ detail, previews }: { detail: UnitChangeDetail; previews: Map<string, PreviewItem> }) {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {detail.waitingFor && <Alert type="info" showIcon title={WAITING_TEXT[detail.waitingFor]} />}
      {detail.status === 'rejected' && !detail.withdrawn && <Alert type="error" showIcon title="已驳回" description={detail.rejectReason} />}
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label="从业人员">{detail.practitionerName}</Descriptions.Item>
        <Descriptions.Item label="证书编号">{detail.certificateNo ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="身份证号码">{detail.idCardNo ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <StatusTag record={detail} />
        </Descriptions.Item>
        <Descriptions.Item label="原单位">{detail.fromUnitName}</Descriptions.Item>
        <Descriptions.Item label="调入单位">{detail.toUnitName}</Descriptions.Item>
        <Descriptions.Item label="申请人">{detail.requestedByName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="申请时间">{formatDateTime(detail.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="变更原因" span={2}>
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{detail.reason}</Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>

      <section aria-label="放行函">
        <Typography.Title level={5}>放行函</Typography.Title>
        {detail.releaseLetters.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未上传放行函" />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {detail.releaseLetters.map((file) => {
              const preview = previews.get(file.fileId);
              return (
                <li key={file.fileId} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
                  <Space>
                    <PaperClipOutlined />
                    <span>{file.name}</span>
                  </Space>
                  <Space size={0}>
                    {preview?.previewable && (
                      <Button type="link" size="small" icon={<EyeOutlined />} href={preview.url} target="_blank" rel="noopener noreferrer">
                        预览
                      </Button>
                    )}
                    {preview && (
                      <Button type="link" size="small" icon={<DownloadOutlined />} href={preview.downloadUrl} download={file.name}>
                        下载
                      </Button>
                    )}
                  </Space>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-label="办理记录">
        <Typography.Title level={5}>办理记录</Typography.Title>
        <Timeline
          items={detail.steps.map((s) => ({
            key: s.id,
            color: stepColor(s),
            content: (
              <div>
                <Typography.Text strong>{stepLabel(s)}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
                  {formatDateTime(s.at)}
                </Typography.Text>
                <div>{s.actorName ?? '-'}</div>
                {s.comment && <Typography.Paragraph type="secondary" style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{s.comment}</Typography.Paragraph>}
              </div>
            ),
          }))}
        />
      </section>
    </Space>
  );
}
