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
 * - a submitter may ask first (`confirm`: 发布 says what becomes public and when), after the
 *   form's rules passed;
 * - on success: a toast, `onSaved` (the page reloads its table) and the drawer closes;
 * - a form with changes asks before it closes (取消, Esc, the mask, ✕) or its page is left
 *   (useUnsavedChanges); one without closes at once;
 * - with `draft`, what is typed is kept in the browser (useFormDraft) and offered back the next
 *   time the same record (or a new one) is opened; a save removes it.
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
import { useFormChanges } from '@/hooks/useFormChanges';
import { useFormDraft } from '@/hooks/useFormDraft';
import { useUnsavedChanges } from '@/hooks/useUnsavedChanges';
import { isApiError } from '@/requestErrors';
import { isSaid } from '@/services/api';
import ConflictAlert from './ConflictAlert';
import DraftAlert from './DraftAlert';

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

/** A question asked before a submitter's call (after the form's rules passed). */
export interface SubmitQuestion {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
}

export interface Submitter<TValues = never> {
  key: string;
  label: string;
  primary?: boolean;
  code?: PermissionCode;
  /**
   * The toast after saving; `${title}已保存` by default. With `serverMessage`, the server's own
   * words when the call answered a `Said` (src/services/api.ts), this text otherwise.
   */
  successMessage?: string;
  serverMessage?: boolean;
  /** Asks first (null: this time there is nothing to ask); 取消 leaves the form as it is. */
  confirm?(values: TValues): SubmitQuestion | null;
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
  submitters?: Submitter<TValues>[];
  /** More buttons left of the submitters (预览 …). */
  extraButtons?: (form: FormInstance<TValues>) => ReactNode;
  width?: number | string;
  /** Keeps what is typed as a browser draft under this resource's name (articles, notices …). */
  draft?: { resource: string };
  children: ReactNode | ((context: { record?: TRecord; form: FormInstance<TValues> }) => ReactNode);
}

const DEFAULT_SUBMITTERS: Submitter<never>[] = [{ key: 'save', label: '保存', primary: true }];

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
  const { title, target, onClose, load, toValues, versionOf } = props;
  const submitters: Submitter<TValues>[] = props.submitters ?? DEFAULT_SUBMITTERS;
  const can = useCan();
  const { message, modal } = App.useApp();
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

  const changes = useFormChanges(form);
  const { markClean } = changes;
  const draft = useFormDraft(open && props.draft ? { resource: props.draft.resource, recordId: id } : null);
  // Discarded (closing, or leaving the page): the changes and their draft are gone.
  const guard = useUnsavedChanges(changes.dirty, {
    onDiscard: () => {
      draft.drop();
      markClean();
    },
  });
  /** 取消, Esc, the mask, ✕: asks first when the form holds changes. */
  const requestClose = () => guard.confirmDiscard(onClose);
  const onValuesChange = () => {
    if (changes.recheck()) draft.keep(form.getFieldsValue(true), version.current);
    else draft.drop();
  };
  const restoreDraft = () => {
    const stored = draft.restore();
    if (!stored) return;
    changes.takeBaseline();
    form.setFieldsValue(stored.values as Parameters<FormInstance<TValues>['setFieldsValue']>[0]);
    // Saved with the version the draft was made from: a change made since is reported, not overwritten.
    if (stored.version !== undefined) version.current = stored.version;
    if (changes.recheck()) draft.keep(form.getFieldsValue(true), version.current);
  };

  const fetchRecord = useCallback(
    async (recordId: string) => {
      setLoadState({ status: 'loading' });
      try {
        const record = await load(recordId);
        version.current = versionOf(record);
        form.setFieldsValue(toValues(record) as Parameters<FormInstance<TValues>['setFieldsValue']>[0]);
        // The form holds the record as it is now: nothing of the person's yet.
        markClean();
        setLoadState({ status: 'ready', record });
        return true;
      } catch {
        setLoadState({ status: 'failed' });
        return false;
      }
    },
    [form, load, toValues, versionOf, markClean],
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

  /** The submitter's question; resolves whether to go on. */
  const confirmed = (question: SubmitQuestion | null, okText: string) =>
    new Promise<boolean>((resolve) => {
      if (!question) return resolve(true);
      modal.confirm({
        title: question.title,
        content: question.content,
        okText: question.okText ?? okText,
        cancelText: '取消',
        // Enter does not publish: the question's answer is a deliberate click.
        autoFocusButton: 'cancel',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  // Returns false either way: the drawer closes through onClose, not through DrawerForm.
  const finish = async (values: TValues): Promise<boolean> => {
    const submitter = submitters.find((s) => s.key === pressed.current) ?? submitters[0];
    setError(null);
    setConflict(false);
    if (!(await confirmed(submitter.confirm?.(values) ?? null, submitter.label))) return false;
    setSaving(submitter.key);
    try {
      const answer = id ? await props.update(id, values, version.current ?? 0, submitter.key) : await props.create(values, submitter.key);
      changes.markClean();
      draft.clear();
      const said = submitter.serverMessage && isSaid(answer) && answer.message ? answer.message : null;
      message.success(said ?? submitter.successMessage ?? `${title}已保存`);
      props.onSaved?.({ id, submitter: submitter.key });
      onClose();
      return false;
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
        if (!next) requestClose();
      }}
      // Esc, the mask and ✕ close through onOpenChange, which asks first when there are changes.
      drawerProps={{ destroyOnHidden: true, forceRender: false }}
      onValuesChange={onValuesChange}
      onFinish={finish}
      // The values stay as the fields hold them (dayjs for times): the page's toBody converts.
      dateFormatter={false}
      submitter={{
        render: () => (
          <Space>
            <Button onClick={requestClose}>取消</Button>
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
      {ready && <DraftAlert draft={draft.offered} onRestore={restoreDraft} onDiscard={draft.discardOffered} style={{ marginBottom: 16 }} />}
      <div {...changes.captureProps}>{body}</div>
    </DrawerForm>
  );
}
