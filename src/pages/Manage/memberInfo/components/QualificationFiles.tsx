/**
 * 资质文件: the unit's qualification documents (licence, certificates, ...) on the unit
 * information page, uploaded through <FileUpload/> and listed with preview and download.
 *
 * The list lives in this card's state for now: keeping it on the unit record (a
 * `qualificationFileIds` field saved with the unit, and read back through /file/preview)
 * comes with the membership issue, which owns the member-unit record.
 */
import { Card, Typography } from 'antd';
import { useState } from 'react';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';

/** Images, PDF and Office documents: what the server accepts, minus archives. */
export const QUALIFICATION_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.bmp,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx';
export const QUALIFICATION_MAX_COUNT = 20;
export const QUALIFICATION_MAX_SIZE = 50 * 1024 * 1024;

interface QualificationFilesProps {
  value?: FileUploadItem[];
  onChange?: (value: FileUploadItem[]) => void;
  disabled?: boolean;
}

export default function QualificationFiles({ value, onChange, disabled }: QualificationFilesProps) {
  const [own, setOwn] = useState<FileUploadItem[]>([]);
  const files = value ?? own;
  return (
    <Card title="资质文件" className="qualification-files">
      <Typography.Paragraph type="secondary">
        请上传营业执照、资质证书等材料，支持图片、PDF 和 Office 文档，单个文件不超过 50 MB，最多 {QUALIFICATION_MAX_COUNT} 个。
      </Typography.Paragraph>
      <FileUpload
        value={files}
        onChange={(next) => {
          setOwn(next);
          onChange?.(next);
        }}
        accept={QUALIFICATION_ACCEPT}
        maxCount={QUALIFICATION_MAX_COUNT}
        maxSize={QUALIFICATION_MAX_SIZE}
        multiple
        disabled={disabled}
        buttonText="上传资质文件"
      />
    </Card>
  );
}
