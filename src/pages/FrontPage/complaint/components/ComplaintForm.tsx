/**
 * 提交投诉举报: the complainant (a 投诉 names them; a 举报 may be anonymous), the unit and
 * optionally its practitioner or project, the title and what happened, attachments (images and
 * PDF), the personal-information notice and its consent. The form checks what the server checks,
 * in its words, beside each field and in a summary; the server's refusal shows the same way.
 * On success the caller shows the number and the query code (./SubmittedCodes.tsx).
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  COMPLAINT_CONTENT_MAX,
  COMPLAINT_EMAIL_MAX,
  COMPLAINT_FILE_ACCEPT,
  COMPLAINT_FILE_MAX_BYTES,
  COMPLAINT_FILES_MAX,
  COMPLAINT_MESSAGES,
  COMPLAINT_NAME_MAX,
  COMPLAINT_PHONE_MAX,
  COMPLAINT_TITLE_MAX,
  type ComplaintSubmitBody,
  type ComplaintSubmitResult,
} from '@common/schemas/complaints';
import type { ComplaintKind } from '@common/credit';
import { checkEmail, checkPhone } from '@common/validators';
import { allUploaded, type FileUploadItem } from '@/components/FileUpload/types';
import controls from '@/components/PublicContent/controls.less';
import { isApiError } from '@/requestErrors';
import { submitComplaint } from '@/services/publicComplaints';
import styles from '../index.less';
import AttachmentPicker from './AttachmentPicker';
import { PractitionerField, ProjectField, UnitField } from './SubjectPicker';

type FieldName = 'name' | 'phone' | 'email' | 'unitId' | 'title' | 'content' | 'files' | 'consent';

interface Values {
  kind: ComplaintKind;
  anonymous: boolean;
  name: string;
  phone: string;
  email: string;
  unitId: string;
  practitionerId: string;
  projectId: string;
  title: string;
  content: string;
  files: FileUploadItem[];
  consent: boolean;
}

const EMPTY: Values = {
  kind: 'complaint',
  anonymous: false,
  name: '',
  phone: '',
  email: '',
  unitId: '',
  practitionerId: '',
  projectId: '',
  title: '',
  content: '',
  files: [],
  consent: false,
};

/** What the server would refuse, field by field, in its words (server/modules/complaints/service.ts). */
export function checkValues(v: Values): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const named = !(v.kind === 'report' && v.anonymous);
  if (named) {
    if (!v.name.trim()) errors.name = COMPLAINT_MESSAGES.nameRequired;
    if (!v.phone.trim()) errors.phone = COMPLAINT_MESSAGES.phoneRequired;
    else {
      const wrong = checkPhone(v.phone);
      if (wrong) errors.phone = wrong;
    }
    if (v.email.trim()) {
      const wrong = checkEmail(v.email);
      if (wrong) errors.email = wrong;
    }
  }
  if (!v.unitId) errors.unitId = '请选择被投诉单位';
  if (!v.title.trim()) errors.title = '请填写标题';
  if (!v.content.trim()) errors.content = '请填写投诉举报内容';
  if (!allUploaded(v.files)) errors.files = v.files.some((f) => f.status === 'error') ? '有附件上传失败，请删除后重新上传' : '请等待附件上传完成';
  if (!v.consent) errors.consent = COMPLAINT_MESSAGES.consentMissing;
  return errors;
}

function toBody(v: Values): ComplaintSubmitBody {
  const anonymous = v.kind === 'report' && v.anonymous;
  return {
    kind: v.kind,
    anonymous,
    name: anonymous ? null : v.name.trim(),
    phone: anonymous ? null : v.phone.trim(),
    email: anonymous || !v.email.trim() ? null : v.email.trim(),
    unitId: v.unitId,
    practitionerId: v.practitionerId || null,
    projectId: v.projectId || null,
    title: v.title.trim(),
    content: v.content.trim(),
    fileIds: v.files.map((f) => f.fileId),
    consent: v.consent,
  };
}

const FIELD_ORDER: FieldName[] = ['name', 'phone', 'email', 'unitId', 'title', 'content', 'files', 'consent'];

export interface ComplaintFormProps {
  onSubmitted: (result: ComplaintSubmitResult, unitName: string) => void;
}

export default function ComplaintForm({ onSubmitted }: ComplaintFormProps) {
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [unitName, setUnitName] = useState('');
  const summaryRef = useRef<HTMLDivElement>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const anonymous = values.kind === 'report' && values.anonymous;
  const described = (name: FieldName, hint?: string) => [hint, errors[name] ? idOf(`${name}-error`) : undefined].filter(Boolean).join(' ') || undefined;
  const errorOf = (name: FieldName) =>
    errors[name] ? (
      <p id={idOf(`${name}-error`)} className={styles.error}>
        {errors[name]}
      </p>
    ) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = checkValues(values);
    setErrors(found);
    setFailure('');
    if (Object.values(found).some(Boolean)) {
      // The summary says what to fix; focus goes there so that a screen reader reads it.
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setBusy(true);
    try {
      const result = await submitComplaint(toBody(values));
      onSubmitted(result, unitName);
    } catch (err) {
      setFailure(isApiError(err) && err.message ? err.message : '提交失败，请检查网络后重试');
      requestAnimationFrame(() => summaryRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const listed = FIELD_ORDER.flatMap((name) => (errors[name] ? [[name, errors[name]] as const] : []));
  const text = (name: 'name' | 'phone' | 'email' | 'title', label: ReactNode, options: { max: number; required?: boolean; type?: string; autoComplete?: string; placeholder?: string; hint?: string }) => {
    const hintId = options.hint ? idOf(`${name}-hint`) : undefined;
    return (
      <div className={`${styles.field} ${name === 'title' ? styles.wide : ''}`}>
        <label htmlFor={idOf(name)} className={`${styles.label} ${options.required ? styles.required : ''}`}>
          {label}
        </label>
        <input
          id={idOf(name)}
          className={`${controls.input} ${styles.control} ${errors[name] ? styles.invalid : ''}`}
          type={options.type ?? 'text'}
          value={values[name]}
          maxLength={options.max}
          autoComplete={options.autoComplete ?? 'off'}
          placeholder={options.placeholder}
          aria-required={options.required || undefined}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={described(name, hintId)}
          onChange={(e) => set(name, e.target.value)}
        />
        {options.hint && (
          <p id={hintId} className={styles.hint}>
            {options.hint}
          </p>
        )}
        {errorOf(name)}
      </div>
    );
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={idOf('title-h2')}>
      <h2 id={idOf('title-h2')} className={`${styles.h2} ${styles.wide}`}>
        提交投诉举报
      </h2>
      {(listed.length > 0 || failure) && (
        <div ref={summaryRef} tabIndex={-1} role="alert" className={`${styles.summary} ${styles.wide}`}>
          {failure || '请先修改以下内容：'}
          {!failure && (
            <ul>
              {listed.map(([name, message]) => (
                <li key={name}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      <fieldset className={`${styles.field} ${styles.wide}`}>
        <legend className={styles.label}>类型</legend>
        <div className={styles.choices}>
          <label className={styles.choice}>
            <input type="radio" name={idOf('kind')} value="complaint" checked={values.kind === 'complaint'} onChange={() => set('kind', 'complaint')} />
            投诉（实名，反映自身权益受到的损害）
          </label>
          <label className={styles.choice}>
            <input type="radio" name={idOf('kind')} value="report" checked={values.kind === 'report'} onChange={() => set('kind', 'report')} />
            举报（反映违法违规行为，可匿名）
          </label>
        </div>
        {values.kind === 'report' && (
          <label className={styles.choice}>
            <input type="checkbox" checked={values.anonymous} onChange={(e) => set('anonymous', e.target.checked)} />
            匿名举报（不留姓名和联系方式；无法收到办理进度通知，请凭编号和查询码查询）
          </label>
        )}
      </fieldset>

      {!anonymous && (
        <>
          {text('name', '姓名', { max: COMPLAINT_NAME_MAX, required: true, autoComplete: 'name' })}
          {text('phone', '联系电话', { max: COMPLAINT_PHONE_MAX, required: true, type: 'tel', autoComplete: 'tel', placeholder: '如 13800000000', hint: '用于核实情况和接收办理进度短信' })}
          {text('email', '电子邮箱（选填）', { max: COMPLAINT_EMAIL_MAX, type: 'email', autoComplete: 'email', hint: '填写后办理进度也会发送到该邮箱' })}
        </>
      )}

      <UnitField
        id={idOf('unitId')}
        value={values.unitId}
        error={errors.unitId}
        onChange={(id, name) => {
          setValues((v) => ({ ...v, unitId: id, practitionerId: '', projectId: '' }));
          setUnitName(id ? name : '');
          setErrors((e) => ({ ...e, unitId: undefined }));
        }}
      />
      <PractitionerField unitId={values.unitId} value={values.practitionerId} onChange={(id) => set('practitionerId', id)} />
      <ProjectField unitId={values.unitId} value={values.projectId} onChange={(id) => set('projectId', id)} />

      {text('title', '标题', { max: COMPLAINT_TITLE_MAX, required: true, placeholder: '一句话概括反映的问题' })}

      <div className={`${styles.field} ${styles.wide}`}>
        <label htmlFor={idOf('content')} className={`${styles.label} ${styles.required}`}>
          投诉举报内容
        </label>
        <textarea
          id={idOf('content')}
          className={`${styles.textarea} ${errors.content ? styles.invalid : ''}`}
          value={values.content}
          maxLength={COMPLAINT_CONTENT_MAX}
          aria-required
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={described('content', idOf('content-hint'))}
          onChange={(e) => set('content', e.target.value)}
        />
        <p id={idOf('content-hint')} className={styles.hint}>
          请写明时间、地点、经过和您的诉求（{values.content.length} / {COMPLAINT_CONTENT_MAX} 字）。
        </p>
        {errorOf('content')}
      </div>

      <div className={`${styles.field} ${styles.wide}`}>
        <span className={styles.label} id={idOf('files-label')}>
          证明材料（选填）
        </span>
        <p id={idOf('files-hint')} className={styles.hint}>
          照片或 PDF 文件，最多 {COMPLAINT_FILES_MAX} 个，每个不超过 {COMPLAINT_FILE_MAX_BYTES / 1024 / 1024} MB。
        </p>
        <AttachmentPicker
          value={values.files}
          onChange={(files) => set('files', files)}
          accept={COMPLAINT_FILE_ACCEPT}
          maxCount={COMPLAINT_FILES_MAX}
          maxSize={COMPLAINT_FILE_MAX_BYTES}
          describedBy={described('files', `${idOf('files-label')} ${idOf('files-hint')}`)}
        />
        {errorOf('files')}
      </div>

      <div className={`${styles.notice} ${styles.wide}`} id={idOf('privacy')}>
        <p>
          <strong>个人信息处理说明</strong>
        </p>
        <ul>
          <li>您的姓名、联系电话和电子邮箱仅用于核实情况和告知办理进度，电话和邮箱加密保存。</li>
          <li>协会不会向被投诉单位透露投诉人的身份和联系方式；只有经授权的协会工作人员可以查看，每次查看都有记录。</li>
          <li>投诉举报办结或不予受理满三年后，您的姓名和联系方式将被删除。</li>
          <li>举报可以匿名；匿名举报无法收到通知，请凭投诉编号和查询码查询办理进度。</li>
        </ul>
      </div>
      <div className={`${styles.field} ${styles.wide}`}>
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={values.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={described('consent', idOf('privacy'))}
            onChange={(e) => set('consent', e.target.checked)}
          />
          我已阅读并同意上述个人信息处理说明，并保证所反映的情况真实
        </label>
        {errorOf('consent')}
      </div>

      <div className={`${styles.actions} ${styles.wide}`}>
        <button type="submit" className={`${controls.button} ${controls.primary} ${controls.large}`} disabled={busy} aria-busy={busy || undefined}>
          {busy ? '正在提交…' : '提交'}
        </button>
      </div>
    </form>
  );
}
