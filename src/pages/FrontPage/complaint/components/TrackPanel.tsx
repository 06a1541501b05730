/**
 * 查询办理进度: the tracking number (filled in from `?no=` or after a submission) and the query
 * code; the answer is the kind, the unit, the day it was submitted, where it stands, each step
 * with its day and note, and the outcome once concluded: nothing of the content or of who
 * complained. Every miss is the server's one message (编号或查询码不正确).
 */
import { forwardRef, useId, useImperativeHandle, useRef, useState, type FormEvent } from 'react';
import { COMPLAINT_CONCLUSION_LABELS, COMPLAINT_KIND_LABELS, COMPLAINT_STATUS_LABELS, COMPLAINT_STEP_LABELS } from '@common/credit';
import { normaliseTrackingText, type ComplaintProgress } from '@common/schemas/complaints';
import controls from '@/components/PublicContent/controls.less';
import { formatDate } from '@/components/PublicContent/format';
import { isApiError } from '@/requestErrors';
import { trackComplaint } from '@/services/publicComplaints';
import styles from '../index.less';

export interface TrackPanelHandle {
  /** Fills in the number and puts the cursor in the code box. */
  prefill: (complaintNo: string) => void;
}

function Progress({ data }: { data: ComplaintProgress }) {
  return (
    <section className={styles.progress} aria-labelledby="complaint-progress">
      <h3 id="complaint-progress" className={styles.h2}>
        办理进度：{COMPLAINT_STATUS_LABELS[data.status]}
      </h3>
      <dl className={styles.facts}>
        <dt>投诉编号</dt>
        <dd>{data.complaintNo}</dd>
        <dt>类型</dt>
        <dd>{COMPLAINT_KIND_LABELS[data.kind]}</dd>
        <dt>被投诉单位</dt>
        <dd>{data.unitName}</dd>
        <dt>提交日期</dt>
        <dd>{data.submittedOn}</dd>
      </dl>
      {data.outcome && (
        <div className={styles.outcome}>
          <p>
            <strong>办理结论：{COMPLAINT_CONCLUSION_LABELS[data.outcome.conclusion]}</strong>（{data.outcome.concludedOn} 办结）
          </p>
          <p>处理结果：{data.outcome.handling}</p>
        </div>
      )}
      <ol className={styles.timeline} aria-label="办理步骤">
        {data.steps.map((s, i) => (
          <li key={`${s.step}-${i}`}>
            <span className={styles.stepTitle}>{COMPLAINT_STEP_LABELS[s.step]}</span>
            <time className={styles.stepDate} dateTime={formatDate(s.at)}>
              {formatDate(s.at)}
            </time>
            {s.note && <p className={styles.stepNote}>{s.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

const TrackPanel = forwardRef<TrackPanelHandle, { initialNo: string }>(function TrackPanel({ initialNo }, ref) {
  const base = useId();
  const [no, setNo] = useState(initialNo);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<ComplaintProgress | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useImperativeHandle(ref, () => ({
    prefill: (complaintNo: string) => {
      setNo(complaintNo);
      setData(null);
      setError('');
      codeInput.current?.scrollIntoView?.({ block: 'center' });
      codeInput.current?.focus();
    },
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const complaintNo = normaliseTrackingText(no);
    const queryCode = normaliseTrackingText(code);
    if (!complaintNo || !queryCode) {
      setError(!complaintNo ? '请输入投诉编号' : '请输入查询码');
      setData(null);
      return;
    }
    setBusy(true);
    setError('');
    try {
      setData(await trackComplaint({ complaintNo, queryCode }));
    } catch (err) {
      setData(null);
      setError(isApiError(err) && err.message ? err.message : '查询失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${base}-h2`}>
      <h2 id={`${base}-h2`} className={styles.h2}>
        查询办理进度
      </h2>
      <p className={styles.intro}>输入提交时获得的投诉编号和查询码，查看受理、申辩和办结情况。</p>
      <form className={styles.trackForm} onSubmit={(e) => void submit(e)} noValidate aria-label="查询办理进度">
        <div className={styles.field}>
          <label htmlFor={`${base}-no`} className={styles.label}>
            投诉编号
          </label>
          <input
            id={`${base}-no`}
            className={`${controls.input} ${styles.control}`}
            value={no}
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="如 TS2026000001"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${base}-error` : undefined}
            onChange={(e) => setNo(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${base}-code`} className={styles.label}>
            查询码
          </label>
          <input
            id={`${base}-code`}
            ref={codeInput}
            className={`${controls.input} ${styles.control}`}
            value={code}
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="10 位字母和数字"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${base}-error` : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <button type="submit" className={`${controls.button} ${controls.primary}`} disabled={busy} aria-busy={busy || undefined}>
          {busy ? '正在查询…' : '查询'}
        </button>
      </form>
      {error && (
        <p id={`${base}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {data && <Progress data={data} />}
    </section>
  );
});

export default TrackPanel;
