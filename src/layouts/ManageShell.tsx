/**
 * The back office as one lazily loaded piece: antd's providers (./AntdProvider) around
 * ProLayout (./ManageLayout), so that public visitors download neither.
 */
import type { ReactNode } from 'react';
import AntdProvider from './AntdProvider';
import ManageLayout from './ManageLayout';

export default function ManageShell({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      <ManageLayout>{children}</ManageLayout>
    </AntdProvider>
  );
}
