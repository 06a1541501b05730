/**
 * 工作台: staff see what waits for them, the totals, the charts of a year (`?year=`,
 * this year by default) and the latest operation-log entries; a member unit or a practitioner
 * sees their own to-dos, certificate and inspection. One call (GET /workbench) answers for
 * whoever asks.
 */
import { useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Result, Skeleton } from 'antd';
import ManagePageContainer from '@/components/ListPage/ManagePageContainer';
import { getWorkbench } from '@/services/workbench';
import OwnBoard from './components/OwnBoard';
import StaffBoard from './components/StaffBoard';

const PATH = '/Manage/staging';

export default function StagingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const year = Number(searchParams.get('year')) || undefined;
  const { data, loading, error, refresh } = useRequest(() => getWorkbench(year), { refreshDeps: [year] });
  const chooseYear = (next: number) => setSearchParams({ year: String(next) });
  let body;
  if (error) body = <Result status="warning" title="加载失败" extra={<Button onClick={refresh}>重试</Button>} />;
  // A year's reload keeps the board on screen; only the first load shows the skeleton.
  else if (!data) body = <Skeleton active />;
  else if (data.staff) body = <StaffBoard data={data.staff} onYearChange={chooseYear} yearLoading={loading} />;
  else if (data.own) body = <OwnBoard data={data.own} kind={data.view === 'practitioner' ? 'practitioner' : 'unit'} />;
  return <ManagePageContainer path={PATH}>{body}</ManagePageContainer>;
}
