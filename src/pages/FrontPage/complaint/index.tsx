/**
 * 投诉举报 (/FrontPage/complaint; docs/domain.md, "Complaints"): anyone complains about a member
 * unit (or one of its practitioners or projects) and gets a tracking number and a query code,
 * shown once; with them anyone follows its progress and outcome here. `?no=` fills in the number
 * (the notices' link) and puts the tracking form first. Plain elements only: the public pages
 * load no antd (tests/e2e/bundle.test.ts); 长者模式 reaches the fields through PublicLayout's
 * variables.
 */
import { useRef, useState } from 'react';
import { findPage } from '@common/menu';
import { COMPLAINT_ACCEPT_WORKING_DAYS, COMPLAINT_ANSWER_DAYS, COMPLAINT_CONCLUDE_DAYS } from '@common/credit';
import { normaliseTrackingText, type ComplaintSubmitResult } from '@common/schemas/complaints';
import PageHeader from '@/components/PublicContent/PageHeader';
import { useUrlParams } from '@/components/PublicContent/urlParams';
import shared from '@/components/PublicContent/index.less';
import usePageMeta from '@/components/usePageMeta';
import ComplaintForm from './components/ComplaintForm';
import SubmittedCodes from './components/SubmittedCodes';
import TrackPanel, { type TrackPanelHandle } from './components/TrackPanel';
import styles from './index.less';

const PATH = '/FrontPage/complaint';
const TITLE = findPage(PATH)?.title ?? '投诉举报';

export default function ComplaintPage() {
  const { get } = useUrlParams();
  const initialNo = normaliseTrackingText(get('no')).slice(0, 32);
  usePageMeta({ title: TITLE, description: findPage(PATH)?.description ?? '对会员单位及其从业人员的投诉与举报，凭编号和查询码查询办理进度' });
  const [submitted, setSubmitted] = useState<{ result: ComplaintSubmitResult; unitName: string } | null>(null);
  // A new form after 再提交一件 (the old one's values are gone).
  const [formKey, setFormKey] = useState(0);
  const tracker = useRef<TrackPanelHandle>(null);

  const intro = (
    <div className={shared.panel}>
      <p className={styles.intro}>
        对本协会会员单位及其从业人员在社会稳定风险评估工作中的违法违规行为，可以在此投诉或举报。协会按以下时限办理：
      </p>
      <ol className={styles.steps}>
        <li>{COMPLAINT_ACCEPT_WORKING_DAYS} 个工作日内决定是否受理</li>
        <li>受理后被投诉单位 {COMPLAINT_ANSWER_DAYS} 日内书面申辩</li>
        <li>受理之日起 {COMPLAINT_CONCLUDE_DAYS} 日内办结</li>
      </ol>
    </div>
  );

  const tracking = (
    <div className={shared.panel} id="track">
      <TrackPanel ref={tracker} initialNo={initialNo} />
    </div>
  );

  const form = (
    <div className={shared.panel}>
      {submitted ? (
        <SubmittedCodes
          result={submitted.result}
          unitName={submitted.unitName}
          onTrack={(no) => tracker.current?.prefill(no)}
          onAnother={() => {
            setSubmitted(null);
            setFormKey((k) => k + 1);
          }}
        />
      ) : (
        <ComplaintForm key={formKey} onSubmitted={(result, unitName) => setSubmitted({ result, unitName })} />
      )}
    </div>
  );

  return (
    <div className={shared.pageWrap}>
      <PageHeader title={TITLE} />
      {intro}
      {/* Who comes with a number (a notice's link) came to follow it: the tracking form first. */}
      {initialNo ? (
        <>
          {tracking}
          {form}
        </>
      ) : (
        <>
          {form}
          {tracking}
        </>
      )}
    </div>
  );
}
