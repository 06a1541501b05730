/**
 * 资质文件: the unit's qualification documents (certificates, rules, cases...) in the unit's
 * edit form, uploaded through <FileUpload/> (MD5, 秒传) and listed with preview and download.
 * A form field (value/onChange); saved with the unit as `qualificationFileIds`.
 */
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { UNIT_FILES_MAX } from '@common/schemas/memberInfo';
import FileUpload, { type FileUploadItem } from '@/components/FileUpload';

/** Images, PDF and Office documents: what the server accepts, minus archives. */
export const QUALIFICATION_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.bmp,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx';
export const QUALIFICATION_MAX_COUNT = UNIT_FILES_MAX;
export const QUALIFICATION_MAX_SIZE = 50 * 1024 * 1024;

interface QualificationFilesProps {
  value?: FileUploadItem[];
  onChange?: (value: FileUploadItem[]) => void;
  disabled?: boolean;
}

export default function QualificationFiles({ value, onChange, disabled }: QualificationFilesProps) {
  // Outside a form (no value given) the card keeps the list itself.
  const [own, setOwn] = useState<FileUploadItem[]>([]);
  const files = value ?? own;
  return (
    <Card title="资质文件" size="small" className="qualification-files">
      <Typography.Paragraph type="secondary">
        请上传资质证书、内部质量和档案管理制度、业绩证明等材料，支持图片、PDF 和 Office 文档，单个文件不超过 50 MB，最多 {QUALIFICATION_MAX_COUNT} 个。
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
