/**
 * 单位信息管理 (member units): the unit's own record as it stands, where its membership stands
 * (pending, rejected with the reason and a resubmit, approved with number and validity,
 * suspended, cancelled), its key-information change under review (old → new), its licence and
 * qualification files, its member certificate and its review history. 编辑 opens the form;
 * key fields of an approved unit go to the association first and the approved values stay
 * shown until then.
 */
import { useModel } from '@umijs/max';
import { App, Button, Col, Result, Row, Skeleton, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AuthType } from '@common/permissions';
import { MEMBER_INFO_MESSAGES, type MemberInfoRecord } from '@common/schemas/memberInfo';
import { ConflictAlert, ManagePageContainer, ResourceFormDrawer, type Submitter } from '@/components/ListPage';
import { isApiError } from '@/requestErrors';
import { getMyUnit, resubmitMyUnit, saveMyUnit } from '@/services/memberInfo';
import CertificateCard from './components/CertificateCard';
import FilesCard, { type FileSlot } from './components/FilesCard';
import PendingChangeAlert from './components/PendingChangeAlert';
import ReviewTimeline from './components/ReviewTimeline';
import StatusBanner from './components/StatusBanner';
import UnitDescriptions from './components/UnitDescriptions';
import UnitFields from './components/UnitFields';
import { canEdit, keyFieldsReviewed, toUnitBody, toUnitValues, type UnitValues } from './components/unitValues';

const PATH = '/Manage/memberInfo';
const SUBMITTERS: Submitter[] = [{ key: 'save', label: '保存', primary: true, successMessage: MEMBER_INFO_MESSAGES.saved }];
const FILE_FIELDS: Record<FileSlot, 'businessLicenceFileIds' | 'qualificationFileIds'> = {
  businessLicence: 'businessLicenceFileIds',
  qualification: 'qualificationFileIds',
};

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; record: MemberInfoRecord };

function useMyUnit() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  // Bumped when the record is read afresh, so that the files card starts from it again.
  const [generation, setGeneration] = useState(0);
  // The newest version known: saves in a row each carry the one the previous save produced.
  const version = useRef(0);

  const load = useCallback(async (fresh: boolean) => {
    try {
      const record = await getMyUnit();
      version.current = fresh ? record.version : Math.max(version.current, record.version);
      setState({ status: 'ready', record });
      if (fresh) setGeneration((g) => g + 1);
    } catch {
      setState((current) => (current.status === 'ready' && !fresh ? current : { status: 'failed' }));
    }
  }, []);

  return { state, generation, version, load, setState };
}

export default function MemberInfoPage() {
  const { initialState } = useModel('@@initialState');
  const isUnit = initialState?.currentUser?.authType === AuthType.MemberUnit;
  const { message } = App.useApp();
  const { state, generation, version, load, setState } = useMyUnit();
  const [editing, setEditing] = useState(false);
  const [resubmitting, setResubmitting] = useState(false);
  const [filesConflict, setFilesConflict] = useState(false);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  // The record the drawer loaded: whether its key fields were locked decides what is sent.
  const drawerRecord = useRef<MemberInfoRecord | null>(null);

  useEffect(() => {
    if (isUnit) void load(true);
  }, [isUnit, load]);

  const reloadFresh = useCallback(async () => {
    setFilesConflict(false);
    setState({ status: 'loading' });
    await load(true);
  }, [load, setState]);

  const saveFiles = useCallback(
    (slot: FileSlot, fileIds: string[]) => {
      // One save at a time, each with the version the previous one left.
      const run = saving.current.then(async () => {
        await saveMyUnit({ [FILE_FIELDS[slot]]: fileIds, version: version.current });
        version.current += 1;
      });
      saving.current = run.catch(() => undefined);
      return run.then(
        () => {
          message.success('材料已保存');
          void load(false);
        },
        (err: unknown) => {
          if (isApiError(err) && err.httpStatus === 409) setFilesConflict(true);
          throw err;
        },
      );
    },
    [load, message, version],
  );

  const resubmit = useCallback(async () => {
    setResubmitting(true);
    try {
      await resubmitMyUnit(version.current);
      message.success(MEMBER_INFO_MESSAGES.resubmitted);
      await load(true);
    } catch {
      // The request layer has shown the server's reason (e.g. 请先上传营业执照).
    } finally {
      setResubmitting(false);
    }
  }, [load, message, version]);

  const toValues = useCallback((record: MemberInfoRecord) => {
    drawerRecord.current = record;
    return toUnitValues(record);
  }, []);

  let body;
  if (!isUnit) {
    body = <Result status="info" title="本页面供会员单位账号使用" subTitle="请使用会员单位账号登录后查看和维护单位信息。" />;
  } else if (state.status === 'loading') {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else if (state.status === 'failed') {
    body = (
      <Result
        status="warning"
        title="单位信息加载失败"
        subTitle="请检查网络后重试。"
        extra={<Button onClick={() => void reloadFresh()}>重试</Button>}
      />
    );
  } else {
    const { record } = state;
    body = (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <StatusBanner record={record} onEdit={() => setEditing(true)} onResubmit={resubmit} resubmitting={resubmitting} />
        <PendingChangeAlert record={record} />
        {filesConflict && (
          <ConflictAlert onReload={() => void reloadFresh()} />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <UnitDescriptions record={record} onEdit={() => setEditing(true)} />
              <FilesCard key={generation} record={record} disabled={!canEdit(record.status)} onSave={saveFiles} />
            </Space>
          </Col>
          <Col xs={24} xl={8}>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <CertificateCard certificate={record.certificate} />
              <ReviewTimeline history={record.reviewHistory} />
            </Space>
          </Col>
        </Row>
        <ResourceFormDrawer<MemberInfoRecord, UnitValues>
          title="单位信息"
          width={860}
          target={editing ? { id: record.id } : null}
          onClose={() => setEditing(false)}
          onSaved={() => void load(true)}
          load={() => getMyUnit()}
          toValues={toValues}
          versionOf={(r) => r.version}
          create={() => Promise.reject(new Error('不能新建单位'))}
          update={async (_id, values, formVersion) => {
            const loaded = drawerRecord.current;
            const locked = !!loaded && keyFieldsReviewed(loaded.status) && !!loaded.pendingChange;
            const result = await saveMyUnit(toUnitBody(values, formVersion, locked));
            if (result.changePending) message.info('关键信息变更已提交协会审核，审核通过前仍显示原信息');
          }}
          submitters={SUBMITTERS}
        >
          {({ record: loaded }) => <UnitFields record={loaded} />}
        </ResourceFormDrawer>
      </Space>
    );
  }

  return <ManagePageContainer path={PATH}>{body}</ManagePageContainer>;
}
