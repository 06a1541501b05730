/**
 * After a submission: the tracking number and the query code, shown this once (the server keeps
 * only the code's hash; a reload loses them), each with 复制, a warning to keep them, the day by
 * which the association decides on acceptance, and the way to follow the complaint.
 */
import { useEffect, useRef, useState } from 'react';
import type { ComplaintSubmitResult } from '@common/schemas/complaints';
import controls from '@/components/PublicContent/controls.less';
import styles from '../index.less';

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Not allowed here (an insecure origin, a denied permission): the older way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let done: boolean;
  try {
    done = document.execCommand('copy');
  } catch {
    done = false;
  }
  area.remove();
  return done;
}

export interface SubmittedCodesProps {
  result: ComplaintSubmitResult;
  unitName: string;
  /** Opens the tracking form with the number filled in. */
  onTrack: (complaintNo: string) => void;
  onAnother: () => void;
}

export default function SubmittedCodes({ result, unitName, onTrack, onAnother }: SubmittedCodesProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState('');

  // The form is gone: bring keyboard and screen-reader users to what replaced it.
  useEffect(() => heading.current?.focus(), []);

  const copy = async (label: string, text: string) => {
    setCopied((await copyText(text)) ? `${label}已复制` : `无法自动复制，请手动记下${label}`);
  };

  return (
    <section className={styles.result} aria-labelledby="complaint-submitted">
      <h2 id="complaint-submitted" ref={heading} tabIndex={-1} className={styles.h2}>
        提交成功
      </h2>
      <p className={styles.intro}>
        您对「{unitName || '会员单位'}」的投诉举报已提交。协会将于 {result.acceptDueOn} 前决定是否受理，受理后通知被投诉单位书面说明情况，并在受理之日起 30 日内办结。
      </p>
      <dl className={styles.codes}>
        <dt>投诉编号</dt>
        <dd className={styles.code}>{result.complaintNo}</dd>
        <dd>
          <button type="button" className={controls.button} onClick={() => void copy('投诉编号', result.complaintNo)} aria-label="复制投诉编号">
            复制
          </button>
        </dd>
        <dt>查询码</dt>
        <dd className={styles.code}>{result.queryCode}</dd>
        <dd>
          <button type="button" className={controls.button} onClick={() => void copy('查询码', result.queryCode)} aria-label="复制查询码">
            复制
          </button>
        </dd>
      </dl>
      <p className={styles.copied} role="status">
        {copied}
      </p>
      <p className={styles.warning} role="note">
        <strong>请立即记下或截图保存投诉编号和查询码。</strong>查询码只显示这一次，协会也无法找回；离开或刷新本页后将不再显示。凭编号和查询码可随时查询办理进度和结果。
      </p>
      <div className={styles.actions}>
        <button type="button" className={`${controls.button} ${controls.primary}`} onClick={() => onTrack(result.complaintNo)}>
          查询办理进度
        </button>
        <button type="button" className={controls.button} onClick={onAnother}>
          再提交一件
        </button>
      </div>
    </section>
  );
}
