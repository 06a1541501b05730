/**
 * 审核通过 confirmation: says what approval does (a member number HY<year>nnn, today as the
 * join date, a year's validity, the member certificate), lets staff choose the level and
 * whether the new member shows in the member window, and takes an optional comment. On
 * success it names the number and certificate given.
 */
import { Alert, Checkbox, Descriptions, Form, Input, Select } from 'antd';
import { beijingYear } from '@common/calendar';
import { STATUS_REASON_MAX, type MemberUnitListItem } from '@common/schemas/memberUnits';
import FormModal from '@/components/FormModal';
import { memberUnits } from '@/services/memberUnits';
import { optionsOf } from '@/hooks/useDictionaries';
import type { MemberLevels } from './useMemberLevels';

interface ApproveValues {
  memberLevel: string;
  showInWindow: boolean;
  comment?: string;
}

export interface ApproveModalProps {
  unit: MemberUnitListItem | null;
  levels: MemberLevels;
  onClose: () => void;
  onDone: () => void;
}

export default function ApproveModal({ unit, levels, onClose, onDone }: ApproveModalProps) {
  const [form] = Form.useForm<ApproveValues>();
  return (
    <FormModal
      open={unit !== null}
      title="审核通过"
      okText="确认通过"
      form={form}
      initialValues={{ memberLevel: unit?.memberLevel ?? 'member', showInWindow: true }}
      width={520}
      intro={
        unit && (
          <>
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="单位名称">{unit.name}</Descriptions.Item>
              <Descriptions.Item label="统一社会信用代码">{unit.creditCode}</Descriptions.Item>
            </Descriptions>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="审核通过后将自动生成会员编号"
              description={`系统将生成会员编号（HY${beijingYear()}xxx），以今天为入会日期，有效期一年，并颁发会员证书；单位可凭证书编号在证书查看页验证。此操作不可撤销。`}
            />
          </>
        )
      }
      send={async (values) => {
        if (!unit) throw new Error('没有要审核的单位');
        return memberUnits.approve(unit.id, {
          memberLevel: values.memberLevel,
          showInWindow: values.showInWindow,
          comment: values.comment?.trim() || undefined,
          version: unit.version,
        });
      }}
      successMessage={(result) => `已审核通过：会员编号 ${result.memberNo}，会员证书 ${result.certificateNo}，有效期至 ${result.validUntil}`}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="memberLevel" label="会员级别" rules={[{ required: true, message: '请选择会员级别' }]}>
        <Select options={optionsOf(levels)} placeholder="请选择会员级别" />
      </Form.Item>
      <Form.Item name="showInWindow" valuePropName="checked">
        <Checkbox>在官网“会员之窗”展示</Checkbox>
      </Form.Item>
      <Form.Item name="comment" label="审核意见" rules={[{ max: STATUS_REASON_MAX, message: `审核意见不能超过 ${STATUS_REASON_MAX} 个字符` }]}>
        <Input.TextArea rows={3} placeholder="选填，如：材料齐全，同意入会" />
      </Form.Item>
    </FormModal>
  );
}
