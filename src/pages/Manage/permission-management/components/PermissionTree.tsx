/**
 * The codes of a role as a checkable tree: each page (a group of common/permissions.ts) with
 * its actions. A form control: `value` is the list of codes. Codes the current user does not
 * hold cannot be granted (the server refuses them): they show, but can only be taken away.
 */
import { Button, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { ALL_PERMISSION_CODES, isPermissionCode, PERMISSION_GROUPS } from '@common/permissions';

export interface PermissionTreeProps {
  value?: string[];
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
  /** Whether the current user may grant this code. */
  grantable?: (code: string) => boolean;
  id?: string;
}

const GROUP_PREFIX = 'group:';

export function permissionTreeData(grantable: (code: string) => boolean, disabled: boolean, value: readonly string[]): DataNode[] {
  const locked = (code: string) => disabled || (!grantable(code) && !value.includes(code));
  return PERMISSION_GROUPS.map((g) => ({
    key: `${GROUP_PREFIX}${g.group}`,
    title: g.group,
    disabled: g.items.every((i) => locked(i.code)),
    children: g.items.map((i) => ({
      key: i.code,
      title: (
        <span>
          {i.name} <Typography.Text type="secondary">{i.code}</Typography.Text>
        </span>
      ),
      disabled: locked(i.code),
    })),
  }));
}

const ALL_GROUP_KEYS = PERMISSION_GROUPS.map((g) => `${GROUP_PREFIX}${g.group}`);
const everything = () => true;

export default function PermissionTree({ value = [], onChange, disabled = false, grantable = everything, id }: PermissionTreeProps) {
  const treeData = useMemo(() => permissionTreeData(grantable, disabled, value), [grantable, disabled, value]);
  const grantableCodes = useMemo(() => ALL_PERMISSION_CODES.filter((c) => grantable(c)), [grantable]);
  const set = (codes: string[]) => onChange?.(ALL_PERMISSION_CODES.filter((c) => codes.includes(c)));

  return (
    <div id={id}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text>{`已选 ${value.length} / ${ALL_PERMISSION_CODES.length} 项`}</Typography.Text>
        {!disabled && (
          <>
            <Button size="small" onClick={() => set([...new Set([...value, ...grantableCodes])])}>
              全选
            </Button>
            <Button size="small" onClick={() => set([])}>
              清空
            </Button>
          </>
        )}
      </Space>
      <Tree
        checkable
        selectable={false}
        defaultExpandedKeys={ALL_GROUP_KEYS}
        treeData={treeData}
        checkedKeys={value}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          // Group keys are pages, not codes: only codes are kept.
          set(keys.map(String).filter((k) => isPermissionCode(k)));
        }}
      />
    </div>
  );
}
