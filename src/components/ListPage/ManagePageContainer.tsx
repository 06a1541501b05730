/** A back-office page's frame: PageContainer titled from common/menu.ts (per authType). */
import { PageContainer } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import type { ReactNode } from 'react';
import { entryTitle, findPage } from '@common/menu';

export default function ManagePageContainer({ path, children }: { path: string; children: ReactNode }) {
  const { initialState } = useModel('@@initialState');
  const entry = findPage(path);
  const title = entry ? entryTitle(entry, initialState?.currentUser?.authType) : '';
  return <PageContainer title={title}>{children}</PageContainer>;
}
