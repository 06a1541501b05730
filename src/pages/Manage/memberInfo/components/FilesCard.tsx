/**
 * 证照与材料: the business licence and the qualification files, uploaded (MD5, 秒传) and
 * removed right here; each finished change is saved at once (the page sends the record's
 * version). A removal asks first. The lists start from the record when the card mounts; the
 * page remounts it (new key) when it reloads the record from scratch.
 */
import { App, Card, Form, Typography } from 'antd';
import { useRef, useState } from 'react';
import { UNIT_FILES_MAX, type MemberInfoRecord } from '@common/schemas/memberInfo';
import FileUpload, { allUploaded, type FileUploadItem } from '@/components/FileUpload';
import { filesToItems, itemIds } from '@/components/ListPage';
import QualificationFiles, { QUALIFICATION_ACCEPT, QUALIFICATION_MAX_SIZE } from './QualificationFiles';

export type FileSlot = 'businessLicence' | 'qualification';

interface FilesCardProps {
  record: MemberInfoRecord;
  disabled?: boolean;
  /** Saves one slot's files (ids in order); rejects when the save failed. */
  onSave: (slot: FileSlot, fileIds: string[]) => Promise<void>;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export default function FilesCard({ record, disabled, onSave }: FilesCardProps) {
  const { modal } = App.useApp();
  const [items, setItems] = useState<Record<FileSlot, FileUploadItem[]>>(() => ({
    businessLicence: filesToItems(record.files.businessLicence),
    qualification: filesToItems(record.files.qualification),
  }));
  // What the server holds for each slot (after the last successful save).
  const saved = useRef<Record<FileSlot, string[]>>({
    businessLicence: record.files.businessLicence.map((f) => f.fileId),
    qualification: record.files.qualification.map((f) => f.fileId),
  });

  const save = async (slot: FileSlot, next: FileUploadItem[]) => {
    const ids = itemIds(next);
    try {
      await onSave(slot, ids);
      saved.current = { ...saved.current, [slot]: ids };
    } catch {
      // The page shows why; the list goes back to what is saved.
      setItems((current) => ({ ...current, [slot]: current[slot].filter((i) => i.status !== 'done' || saved.current[slot].includes(i.fileId)) }));
    }
  };

  const change = (slot: FileSlot) => (next: FileUploadItem[]) => {
    const previous = items[slot];
    setItems((current) => ({ ...current, [slot]: next }));
    if (!allUploaded(next)) return; // saved once every file has finished
    const ids = itemIds(next);
    if (sameIds(ids, saved.current[slot])) return;
    const removed = saved.current[slot].filter((id) => !ids.includes(id));
    if (removed.length === 0) {
      void save(slot, next);
      return;
    }
    const names = previous.filter((i) => removed.includes(i.fileId)).map((i) => i.name);
    modal.confirm({
      title: '确认删除文件？',
      content: `将从单位材料中删除：${names.join('、')}`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => save(slot, next),
      onCancel: () => setItems((current) => ({ ...current, [slot]: previous })),
    });
  };

  return (
    <Card title="证照与材料" extra={<Typography.Text type="secondary">上传完成或删除后自动保存</Typography.Text>}>
      <Form layout="vertical" component="div">
        <Form.Item label="营业执照" extra="营业执照（副本）扫描件或照片，图片或 PDF，单个文件不超过 50 MB">
          <FileUpload
            value={items.businessLicence}
            onChange={change('businessLicence')}
            accept={QUALIFICATION_ACCEPT}
            maxCount={UNIT_FILES_MAX}
            maxSize={QUALIFICATION_MAX_SIZE}
            multiple
            disabled={disabled}
            buttonText="上传营业执照"
          />
        </Form.Item>
      </Form>
      <QualificationFiles value={items.qualification} onChange={change('qualification')} disabled={disabled} />
    </Card>
  );
}
