/**
 * The back office's header right: the name of whom the account stands for (a practitioner's own
 * name, a staff member's, a unit's: CurrentUser.name), with 个人中心, 修改密码 and 退出登录; the
 * menu first says which unit or roles the account acts for.
 */
import { useState } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import { useNavigate } from '@umijs/max';
import type { CurrentUser } from '@common/schemas/auth';
import { logout } from '@/services/user';
import { removeCurrentUser, removeToken } from '@/storage';
import { clearDraftsOf } from '@/hooks/useFormDraft';
import { fullPage } from '@/components/fullPageNavigation';
import ChangePasswordModal from './ChangePasswordModal';
import styles from './index.less';

/**
 * Ends the session on the server, then locally, and opens the login of the same kind.
 * A failed server call (an expired token, say) must not keep the user logged in here.
 * The user's form drafts (src/hooks/useFormDraft.ts) leave this browser with them.
 */
export async function signOut(user: Pick<CurrentUser, 'authType' | 'userId'>) {
  try {
    await logout();
  } catch {
    // The local session ends regardless.
  }
  removeToken();
  removeCurrentUser();
  clearDraftsOf(user.userId);
  // A full load, so that no state of this user survives in memory.
  fullPage.go(`/login?authType=${user.authType}`);
}

/** The personal centre: what the system holds about the caller, consents, sessions. */
export const PROFILE_PATH = '/Manage/profile';

/** Whom the account acts for: its unit (a unit's or a practitioner's account) or a staff member's roles. */
function affiliationOf(user: CurrentUser): string | undefined {
  if (user.unitName) return user.unitName;
  return user.roleNames.length > 0 ? user.roleNames.join('、') : undefined;
}

const actions: NonNullable<MenuProps['items']> = [
  { key: 'profile', icon: <IdcardOutlined aria-hidden />, label: '个人中心' },
  { key: 'password', icon: <KeyOutlined aria-hidden />, label: '修改密码' },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录' },
];

export default function UserMenu({ user }: { user: CurrentUser }) {
  const [passwordOpen, setPasswordOpen] = useState(false);
  const affiliation = affiliationOf(user);
  const items: MenuProps['items'] = affiliation
    ? [{ key: 'affiliation', label: affiliation, disabled: true }, { type: 'divider' }, ...actions]
    : actions;
  const navigate = useNavigate();
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate(PROFILE_PATH);
    if (key === 'password') setPasswordOpen(true);
    if (key === 'logout') void signOut(user);
  };
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className={styles.userButton} aria-label="账号菜单">
          <UserOutlined aria-hidden />
          <span className={styles.userName}>{user.name || user.loginAccount}</span>
          <DownOutlined className={styles.userCaret} aria-hidden />
        </button>
      </Dropdown>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
