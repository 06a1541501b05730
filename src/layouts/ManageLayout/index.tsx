/**
 * The back office (docs/architecture.md): ProLayout with a 300 px side menu under the logo
 * and name, no footer, the user's menu at the top right. Menu and breadcrumb come from MANAGE_ROOT
 * (common/menu.ts) filtered by the access flags, so a staff member sees only the pages
 * their roles grant (the system's pages in the 系统管理 group); a page opened by URL that the
 * menu does not offer shows 403. 证书预览, a page of its own outside the back office, opens in
 * a new tab.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Result } from 'antd';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { Link, Navigate, useLocation, useModel, useNavigate } from '@umijs/max';
import { entryTitle, layoutOf, MANAGE_ROOT, type PageEntry } from '@common/menu';
import { canOpenManagePath, firstAccessiblePath, manageEntryChain, manageMenuFor } from '@/access';
import Forbidden from '@/components/Forbidden';
import { useAccessFlags } from '@/hooks/useCan';
import MessageBell from '@/components/MessageBell';
import { onAccountGate, type AccountGateEvent } from '@/request/accountGate';
import { loginUrl } from '@/requestErrors';
import { ASSOCIATION_NAME, LOGO_URL } from '../brand';
import { menuIcon } from '../icons';
import ChangePasswordModal from './ChangePasswordModal';
import ConsentStep from './ConsentStep';
import UserMenu, { signOut } from './UserMenu';
import styles from './index.less';

/** Why the password must be changed now (the forced form says it). */
function passwordReason(user: { mustChangePassword: boolean; passwordExpired?: boolean }, gate: AccountGateEvent | null): string {
  if (gate?.step === 'password' && gate.message && !user.mustChangePassword) return gate.message;
  if (user.passwordExpired && !user.mustChangePassword) return gate?.message || '您的密码已超过规定天数未修改，请修改密码后继续使用。';
  return '您的账号正在使用初始密码或已被重置的密码，请先修改密码再继续使用。';
}

function toMenuData(entries: readonly PageEntry[], authType: number): MenuDataItem[] {
  return entries.map((entry) => ({
    path: entry.path,
    key: entry.path,
    name: entryTitle(entry, authType),
    icon: menuIcon(entry.icon),
    // Reached from the header (the personal centre, messages), not the side menu.
    hideInMenu: entry.hideInMenu,
    children: entry.children ? toMenuData(entry.children, authType) : undefined,
  }));
}

export default function ManageLayout({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { initialState } = useModel('@@initialState');
  const access = useAccessFlags();
  const user = initialState?.currentUser;
  const authType = user?.authType ?? 0;

  const menuData = useMemo(() => toMenuData(manageMenuFor(access), authType), [access, authType]);
  // Pages below a menu entry (a unit's detail, say) add their own steps through the
  // navigation model and clear them when they unmount.
  const { breadcrumb: pageSteps } = useModel('navigation');
  const breadcrumb = useMemo(
    () => [
      ...(manageEntryChain(pathname) ?? [MANAGE_ROOT]).map((entry) => ({
        title: entryTitle(entry, authType),
      })),
      ...pageSteps.map((step) => ({
        title: step.path ? <Link to={step.path}>{step.breadcrumbName}</Link> : step.breadcrumbName,
      })),
    ],
    [pathname, authType, pageSteps],
  );

  // The account gate: the server refuses work while the account has a step to take first (statuses
  // 22–24); the request layer announces it, and the current user's flags say so at start.
  const [gate, setGate] = useState<AccountGateEvent | null>(null);
  useEffect(() => onAccountGate(setGate), []);

  // Not logged in: /login?authType=1, with the page to come back to (the request layer's rule).
  if (!user) return <Navigate to={loginUrl(`${pathname}${search}`)} replace />;

  // The password first, then the consent; each answer clears its own step.
  const passwordPending = user.mustChangePassword || !!user.passwordExpired || gate?.step === 'password';
  const consentPending = !passwordPending && (!!user.consentRequired || gate?.step === 'consent');
  const clearGate = () => setGate(null);

  if (consentPending) return <ConsentStep onAgreed={clearGate} onDecline={() => void signOut(user)} />;

  const allowed = canOpenManagePath(pathname, access);

  return (
    <ProLayout
      layout="side"
      siderWidth={300}
      title={ASSOCIATION_NAME}
      logo={LOGO_URL}
      location={{ pathname }}
      route={{ path: MANAGE_ROOT.path, children: menuData }}
      menu={{ locale: false }}
      // ProLayout would look its texts up by navigator.language (English in an English
      // browser); the names given here are already Chinese, so use them as they are.
      formatMessage={({ defaultMessage }) => defaultMessage ?? ''}
      menuHeaderRender={(_logo, _title, props) => (
        <div className={styles.menuHeader}>
          <img src={LOGO_URL} alt="协会标志" className={styles.logo} />
          {!props?.collapsed && <h1 className={styles.title}>{ASSOCIATION_NAME}</h1>}
        </div>
      )}
      onMenuHeaderClick={() => navigate('/')}
      menuItemRender={(item, dom) => {
        if (!item.path) return dom;
        // A page that stands alone (证书预览) opens in a new tab: the back office stays open.
        if (layoutOf(item.path) === 'none') {
          return (
            <a href={item.path} target="_blank" rel="noopener noreferrer">
              {dom}
            </a>
          );
        }
        return <Link to={item.path}>{dom}</Link>;
      }}
      breadcrumbRender={() => breadcrumb}
      footerRender={false}
      fixSiderbar
      // The user bar must span the top whether or not the page uses PageContainer, which is
      // what ProLayout's own content padding depends on; pages bring their own padding.
      contentStyle={{ padding: 0 }}
    >
      <div className={styles.headerBar}>
        {/* No polling while a password change or the consent is pending: the server refuses it then. */}
        {!passwordPending && !consentPending && <MessageBell />}
        <UserMenu user={user} />
      </div>
      {passwordPending ? (
        <>
          <Alert banner type="warning" title={passwordReason(user, gate)} />
          <div className={styles.pendingContent}>
            <Result status="warning" title="请先修改密码" subTitle="修改密码后即可继续使用系统。" />
          </div>
          <ChangePasswordModal
            open
            onClose={clearGate}
            forced={{ reason: passwordReason(user, gate), onSignOut: () => void signOut(user) }}
          />
        </>
      ) : allowed ? (
        children
      ) : (
        <div className={styles.plainContent}>
          <Forbidden homePath={firstAccessiblePath(user, access) ?? '/'} />
        </div>
      )}
    </ProLayout>
  );
}
