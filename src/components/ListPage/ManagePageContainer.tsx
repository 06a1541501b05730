/**
 * A back-office page's frame: PageContainer titled from common/menu.ts (per authType), with the
 * page's subtitle for that authType (a practitioner's pages say that they hold their own
 * record), and less padding on a phone, where the screen is the content's room.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import type { ReactNode } from 'react';
import { entrySubtitle, entryTitle, findPage } from '@common/menu';
import styles from './ManagePageContainer.less';

export default function ManagePageContainer({ path, children }: { path: string; children: ReactNode }) {
  const { initialState } = useModel('@@initialState');
  const authType = initialState?.currentUser?.authType;
  const entry = findPage(path);
  const title = entry ? entryTitle(entry, authType) : '';
  const subTitle = entry ? entrySubtitle(entry, authType) : undefined;
  return (
    <PageContainer title={title} subTitle={subTitle} className={styles.container}>
      {children}
    </PageContainer>
  );
}
