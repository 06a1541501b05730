/**
 * 开启年度 (staff with inspection:manage): the year and its deadline. Every approved unit and
 * practitioner becomes a subject with "未提交"; a year can be opened once.
 */
import { Alert, App, DatePicker, Form, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { beijingYear } from '@common/calendar';
import { INSPECTION_YEAR_MAX, INSPECTION_YEAR_MIN } from '@common/schemas/inspections';
import { openInspectionYear } from '@/services/inspections';

interface Values {
  year: number;
  deadline: Dayjs;
}

export interface OpenYearModalProps {
  open: boolean;
  /** Years already opened: refused before anything is sent. */
  openedYears: readonly number[];
  onClose: () => void;
  onOpened: (year: number) => void;
}

export default function OpenYearModal({ open, openedYears, onClose, onOpened }: OpenYearModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const thisYear = beijingYear();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    setBusy(true);
    try {
      const deadline = values.deadline.format('YYYY-MM-DD');
      await openInspectionYear({ year: values.year, deadline });
      message.success(`已开启${values.year}年度年检，截止日期 ${deadline}`);
      form.resetFields();
      onOpened(values.year);
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="开启年检年度" okText="开启" cancelText="取消" okButtonProps={{ loading: busy }} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title="开启后，所有已通过审核的会员单位和在职从业人员都将进入本年度年检（状态为“未提交”）；截止日期前三天系统会提醒尚未提交的单位。" />
      <Form form={form} layout="vertical" initialValues={{ year: thisYear, deadline: dayjs(`${thisYear}-12-31`) }}>
        <Form.Item
          name="year"
          label="年度"
          rules={[
            { required: true, message: '请输入年度' },
            { type: 'integer', min: INSPECTION_YEAR_MIN, max: INSPECTION_YEAR_MAX, message: `年度须在 ${INSPECTION_YEAR_MIN}–${INSPECTION_YEAR_MAX} 之间` },
            {
              validator: (_rule, value?: number) =>
                value && openedYears.includes(value) ? Promise.reject(new Error(`${value}年度年检已开启，不能重复开启`)) : Promise.resolve(),
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} precision={0} placeholder="如 2026" />
        </Form.Item>
        <Form.Item name="deadline" label="截止日期" rules={[{ required: true, message: '请选择截止日期' }]} extra="截止日期当天仍可提交；之后未提交的单位和人员标记为逾期">
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
