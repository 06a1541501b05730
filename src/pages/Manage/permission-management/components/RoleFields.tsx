/** The role form (inside ResourceFormDrawer): code (at creation), name, description and the codes. */
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Descriptions, Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback } from 'react';
import { isPermissionCode } from '@common/permissions';
import {
  ROLE_CODE_MAX,
  ROLE_CODE_PATTERN,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  type RoleRecord,
} from '@common/schemas/roles';
import { maxLength, required } from '@/components/ListPage';
import { useCan } from '@/hooks/useCan';
import PermissionTree from './PermissionTree';

const ROLE_CODE = new RegExp(ROLE_CODE_PATTERN);

const codeRule: Rule = {
  validator: (_rule, value: string | undefined) =>
    !value || (value.trim().length >= 2 && ROLE_CODE.test(value.trim()))
      ? Promise.resolve()
      : Promise.reject(new Error('角色编码以小写字母开头，只含小写字母、数字、_ 和 -，至少 2 个字符')),
};

export default function RoleFields({ record }: { record?: RoleRecord }) {
  const can = useCan();
  const grantable = useCallback((code: string) => isPermissionCode(code) && can(code), [can]);
  const builtIn = !!record?.builtIn;
  return (
    <>
      {record ? (
        <Descriptions column={2} size="small" bordered style={{ marginBottom: 24 }}>
          <Descriptions.Item label="角色编码">{record.code}</Descriptions.Item>
          <Descriptions.Item label="用户数">{record.userCount}</Descriptions.Item>
        </Descriptions>
      ) : (
        <ProFormText
          name="code"
          label="角色编码"
          placeholder="如 member-reviewer，创建后不能修改"
          rules={[required('角色编码'), maxLength('角色编码', ROLE_CODE_MAX), codeRule]}
        />
      )}
      <ProFormText name="name" label="角色名称" placeholder="如 会员审核员" rules={[required('角色名称'), maxLength('角色名称', ROLE_NAME_MAX)]} />
      <ProFormTextArea
        name="description"
        label="描述"
        placeholder="选填：这个角色负责什么"
        rules={[maxLength('描述', ROLE_DESCRIPTION_MAX)]}
        fieldProps={{ showCount: true, maxLength: ROLE_DESCRIPTION_MAX, autoSize: { minRows: 2, maxRows: 4 } }}
      />
      {builtIn && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="内置角色的权限由系统设定，不能修改；内置角色不能删除。"
        />
      )}
      <Form.Item
        name="permissions"
        label="权限（页面及其操作）"
        extra="保存后，持有该角色的用户在下一次操作时即按新权限执行。灰色的权限您本人没有，不能授予。"
      >
        <PermissionTree disabled={builtIn} grantable={grantable} />
      </Form.Item>
    </>
  );
}
