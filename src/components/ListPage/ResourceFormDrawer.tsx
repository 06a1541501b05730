/**
 * <ResourceFormDrawer/>: create and edit one record in a drawer (pro-components DrawerForm).
 *
 * - `target` {} creates, { id } edits: the record is loaded (`load`), turned into form values
 *   (`toValues`) and its version kept for the update;
 * - the submit buttons are the page's (`submitters`: 保存草稿 / 发布 …, each behind its
 *   permission code); the pressed one is handed to `create`/`update`;
 * - a refusal shows the server's message in the drawer (the request layer toasts it too);
 *   a stale version (HTTP 409) says that someone else changed the record and offers to
 *   load the latest version;
 * - on success: a toast, `onSaved` (the page reloads its table) and the drawer closes.
 *
 *   const drawer = useFormDrawer();
 *   <ResourceFormDrawer title="公告" target={drawer.target} onClose={drawer.close} onSaved={table.reload}
 *     load={notices.get} toValues={toNoticeValues} versionOf={(r) => r.version}
 *     create={(v, s) => notices.create(toNoticeBody(v, s))}
 *     update={(id, v, version, s) => notices.update(id, { ...toNoticeBody(v, s), version })}>
 *     <NoticeFields />
 *   </ResourceFormDrawer>
 */
import { DrawerForm } from '@ant-design/pro-components';
import { Alert, App, Button, Form, Result, Skeleton, Space, type FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PermissionCode } from '@common/permissions';
import { useCan } from '@/hooks/useCan';
import { isApiError } from '@/requestErrors';
import ConflictAlert from './ConflictAlert';

/** null: closed; {}: a new record; { id }: that record. */
export type FormTarget = { id?: string } | null;

export function useFormDrawer() {
  const [target, setTarget] = useState<FormTarget>(null);
  return {
    target,
    openCreate: useCallback(() => setTarget({}), []),
    openEdit: useCallback((id: string) => setTarget({ id }), []),
    close: useCallback(() => setTarget(null), []),
  };
}

export interface Submitter {
  key: string;
  label: string;
  primary?: boolean;
  code?: PermissionCode;
  /** The toast after saving; `${title}已保存` by default. */
  successMessage?: string;
}


export interface ResourceFormDrawerProps<TRecord, TValues extends object> {
  /** What the record is called: 文章, 公告 … ("新建文章", "编辑文章"). */
  title: string;
  target: FormTarget;
  onClose: () => void;
  onSaved?: (info: { id?: string; submitter: string }) => void;
  load: (id: string) => Promise<TRecord>;
  toValues: (record: TRecord) => TValues;
  versionOf: (record: TRecord) => number;
  /** A new record's starting values. */
  initialValues?: Partial<TValues>;
  create: (values: TValues, submitter: string) => Promise<unknown>;
  update: (id: string, values: TValues, version: number, submitter: string) => Promise<unknown>;
  submitters?: Submitter[];
  /** More buttons left of the submitters (预览 …). */
  extraButtons?: (form: FormInstance<TValues>) => ReactNode;
  width?: number | string;
  children: ReactNode | ((context: { record?: TRecord; form: FormInstance<TValues> }) => ReactNode);
}

const DEFAULT_SUBMITTERS: Submitter[] = [{ key: 'save', label: '保存', primary: true }];

type LoadState<T> = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; record?: T };

/**
 * Each opening gets a fresh form (a new session key), so that nothing of the last record
 * lingers in a new one.
 */
export default function ResourceFormDrawer<TRecord, TValues extends object>(props: ResourceFormDrawerProps<TRecord, TValues>) {
  const open = props.target !== null;
  const [session, setSession] = useState({ open, count: 0 });
  if (session.open !== open) setSession({ open, count: open ? session.count + 1 : session.count });
  return <DrawerSession<TRecord, TValues> key={session.count} {...props} />;
}

function DrawerSession<TRecord, TValues extends object>(props: ResourceFormDrawerProps<TRecord, TValues>) {
  const { title, target, onClose, load, toValues, versionOf, submitters = DEFAULT_SUBMITTERS } = props;
  const can = useCan();
  const { message } = App.useApp();
  const [form] = Form.useForm<TValues>();
  const [loadState, setLoadState] = useState<LoadState<TRecord>>({ status: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);
  const version = useRef<number | undefined>(undefined);
  const pressed = useRef<string>(submitters[0]?.key ?? 'save');
  // While the drawer closes (target null), it still shows the record it was opened for.
  const held = useRef(target);
  if (target) held.current = target;
  const id = held.current?.id;
  const open = target !== null;

  const fetchRecord = useCallback(
    async (recordId: string) => {
      setLoadState({ status: 'loading' });
      try {
        const record = await load(recordId);
        version.current = versionOf(record);
        form.setFieldsValue(toValues(record) as Parameters<FormInstance<TValues>['setFieldsValue']>[0]);
        setLoadState({ status: 'ready', record });
        return true;
      } catch {
        setLoadState({ status: 'failed' });
        return false;
      }
    },
    [form, load, toValues, versionOf],
  );

  useEffect(() => {
    if (!open) return;
    if (id) void fetchRecord(id);
    else setLoadState({ status: 'ready' });
    // A session serves one target; the callbacks' identities do not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, id]);

  const reloadLatest = async () => {
    if (!id) return;
    if (await fetchRecord(id)) {
      setConflict(false);
      setError(null);
      message.info('已加载最新内容');
    }
  };

  const finish = async (values: TValues): Promise<boolean> => {
    const submitter = submitters.find((s) => s.key === pressed.current) ?? submitters[0];
    setError(null);
    setConflict(false);
    setSaving(submitter.key);
    try {
      if (id) await props.update(id, values, version.current ?? 0, submitter.key);
      else await props.create(values, submitter.key);
      message.success(submitter.successMessage ?? `${title}已保存`);
      props.onSaved?.({ id, submitter: submitter.key });
      onClose();
      return true;
    } catch (err) {
      if (isApiError(err) && err.httpStatus === 409) setConflict(true);
      else setError(err instanceof Error && err.message ? err.message : '保存失败，请稍后重试');
      return false;
    } finally {
      setSaving(null);
    }
  };

  const ready = loadState.status === 'ready';
  const record = loadState.status === 'ready' ? loadState.record : undefined;
  const visibleSubmitters = submitters.filter((s) => !s.code || can(s.code));

  let body: ReactNode;
  if (loadState.status === 'failed') {
    body = (
      <Result
        status="warning"
        title={`${title}加载失败`}
        extra={
          <Button onClick={() => id && void fetchRecord(id)}>重试</Button>
        }
      />
    );
  } else if (!ready) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = typeof props.children === 'function' ? props.children({ record, form }) : props.children;
  }

  return (
    <DrawerForm<TValues>
      title={id ? `编辑${title}` : `新建${title}`}
      open={open}
      form={form}
      width={props.width ?? 720}
      initialValues={props.initialValues}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      drawerProps={{ destroyOnHidden: true, maskClosable: false, forceRender: false }}
      onFinish={finish}
      // The values stay as the fields hold them (dayjs for times): the page's toBody converts.
      dateFormatter={false}
      submitter={{
        render: () => (
          <Space>
            <Button onClick={onClose}>取消</Button>
            {ready && props.extraButtons?.(form)}
            {ready &&
              visibleSubmitters.map((s) => (
                <Button
                  key={s.key}
                  type={s.primary ? 'primary' : 'default'}
                  loading={saving === s.key}
                  disabled={saving !== null && saving !== s.key}
                  onClick={() => {
                    pressed.current = s.key;
                    form.submit();
                  }}
                >
                  {s.label}
                </Button>
              ))}
          </Space>
        ),
      }}
    >
      {conflict && (
        <ConflictAlert style={{ marginBottom: 16 }} onReload={() => void reloadLatest()} />
      )}
      {error && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} closable={{ onClose: () => setError(null) }} />
      )}
      {body}
    </DrawerForm>
  );
}
