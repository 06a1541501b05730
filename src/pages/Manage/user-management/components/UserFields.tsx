/**
 * The account form (inside ResourceFormDrawer). A new account is a staff account; its login
 * account is fixed once created. Member-unit and practitioner accounts show their kind and
 * unit, which their own workflows set; only staff accounts carry roles.
 */
import { ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { Alert, Descriptions } from 'antd';
import type { Rule } from 'antd/es/form';
import { AuthType } from '@common/permissions';
import {
  ACCOUNT_KIND_LABELS,
  LOGIN_ACCOUNT_MAX,
  LOGIN_ACCOUNT_PATTERN,
  USER_EMAIL_MAX,
  USER_NAME_MAX,
  type UserRecord,
} from '@common/schemas/users';
import { checkPhone } from '@common/validators';
import { maxLength, required } from '@/components/ListPage';
import type { RoleSelectOption } from './useRoleOptions';

const LOGIN_ACCOUNT = new RegExp(LOGIN_ACCOUNT_PATTERN);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const loginAccountRule: Rule = {
  validator: (_rule, value: string | undefined) =>
    !value || LOGIN_ACCOUNT.test(value.trim())
      ? Promise.resolve()
      : Promise.reject(new Error('登录账号只能包含字母、数字和 _ . @ -')),
};

const phoneRule: Rule = {
  validator: (_rule, value: string | undefined) => {
    const problem = value?.trim() ? checkPhone(value.trim()) : undefined;
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

const emailRule: Rule = {
  validator: (_rule, value: string | undefined) =>
    !value?.trim() || EMAIL.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error('电子邮箱格式不正确')),
};

export interface UserFieldsProps {
  record?: UserRecord;
  roleOptions: RoleSelectOption[];
}

export default function UserFields({ record, roleOptions }: UserFieldsProps) {
  const isStaff = !record || record.authType === AuthType.Staff;
  return (
    <>
      {record ? (
        <Descriptions column={2} size="small" bordered style={{ marginBottom: 24 }}>
          <Descriptions.Item label="登录账号">{record.loginAccount}</Descriptions.Item>
          <Descriptions.Item label="账号类型">{ACCOUNT_KIND_LABELS[record.authType]}</Descriptions.Item>
          {!isStaff && <Descriptions.Item label="所属单位" span={2}>{record.unitName ?? '-'}</Descriptions.Item>}
        </Descriptions>
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="此处新建协会工作人员账号"
            description="会员单位账号在单位注册时创建，从业人员账号在登记从业人员时创建。保存后系统生成初始密码，只显示一次。"
          />
          <ProFormText
            name="loginAccount"
            label="登录账号"
            placeholder="字母、数字或 _ . @ -，创建后不能修改"
            rules={[required('登录账号'), maxLength('登录账号', LOGIN_ACCOUNT_MAX), loginAccountRule]}
            fieldProps={{ autoComplete: 'off' }}
          />
        </>
      )}
      <ProFormText name="name" label="姓名" placeholder="请输入姓名" rules={[required('姓名'), maxLength('姓名', USER_NAME_MAX)]} />
      <ProFormText name="phone" label="手机号码" placeholder="选填" rules={[phoneRule]} />
      <ProFormText name="email" label="电子邮箱" placeholder="选填" rules={[maxLength('电子邮箱', USER_EMAIL_MAX), emailRule]} />
      {isStaff && (
        <ProFormSelect
          name="roleIds"
          label="角色"
          mode="multiple"
          placeholder="请选择角色（决定可见的菜单和可做的操作）"
          options={roleOptions}
          fieldProps={{ showSearch: { optionFilterProp: 'label' } }}
          extra="角色的权限在“权限管理”中设置；修改后，该用户的下一次操作即按新权限执行。"
        />
      )}
      {!record && <ProFormSwitch name="enabled" label="启用" />}
    </>
  );
}
