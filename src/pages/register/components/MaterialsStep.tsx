/** Step 2, 上传材料: the business licence (required; image or PDF) and the other materials (optional). */
import { Form, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { allUploaded, type FileUploadItem } from '@/components/FileUpload/types';
import { REGISTER_FILE_MAX_BYTES, REGISTER_LICENCE_MAX, REGISTRATION_MESSAGES } from '@common/schemas/registration';
import { UNIT_FILES_MAX } from '@common/schemas/memberInfo';
import MaterialUpload from './MaterialUpload';

/** What the server takes for each slot (server/modules/registration). */
export const LICENCE_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.bmp,.pdf';
export const MATERIAL_ACCEPT = `${LICENCE_ACCEPT},.doc,.docx,.xls,.xlsx,.ppt,.pptx`;

const finished: Rule = {
  validator: (_: unknown, value: FileUploadItem[] | undefined) => {
    if ((value ?? []).some((f) => f.status === 'error')) return Promise.reject(new Error('有文件上传失败，请删除后重新上传'));
    return allUploaded(value) ? Promise.resolve() : Promise.reject(new Error('请等待文件上传完成'));
  },
};

export default function MaterialsStep() {
  return (
    <>
      <Typography.Paragraph type="secondary">
        每个文件上传前先在本机计算校验值（MD5），服务器核对无误后保存。单个文件不超过 {REGISTER_FILE_MAX_BYTES / 1024 / 1024} MB。
      </Typography.Paragraph>
      <Form.Item
        label="营业执照"
        name="businessLicence"
        required
        rules={[
          {
            validator: (_: unknown, value: FileUploadItem[] | undefined) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error(REGISTRATION_MESSAGES.licenceMissing)),
          },
          finished,
        ]}
        extra={<span id="licence-hint">营业执照（或法人登记证书）加盖公章的扫描件或照片，图片或 PDF，最多 {REGISTER_LICENCE_MAX} 个文件</span>}
      >
        <MaterialUpload
          accept={LICENCE_ACCEPT}
          maxCount={REGISTER_LICENCE_MAX}
          maxSize={REGISTER_FILE_MAX_BYTES}
          buttonText="上传营业执照"
          describedBy="licence-hint"
        />
      </Form.Item>
      <Form.Item
        label="资质材料"
        name="qualification"
        rules={[finished]}
        extra={
          <span id="materials-hint">
            选填：单位简介、专职从业人员名单及学历证明、内部管理制度、业绩案例等，图片、PDF 或 Office 文档，最多 {UNIT_FILES_MAX} 个文件
          </span>
        }
      >
        <MaterialUpload
          accept={MATERIAL_ACCEPT}
          maxCount={UNIT_FILES_MAX}
          maxSize={REGISTER_FILE_MAX_BYTES}
          buttonText="上传资质材料"
          describedBy="materials-hint"
        />
      </Form.Item>
    </>
  );
}
