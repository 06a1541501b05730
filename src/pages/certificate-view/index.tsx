/**
 * 证书查看 (/certificate-view?no=…): anyone, without logging in, verifies a member or
 * practitioner certificate by its number (typed in, or from the QR code on a printed copy)
 * and sees it as a printable document with its state today (docs/domain.md, certificates).
 *
 * It is also staff's 证书预览 (menu entry): with certificate:view a 证书列表 drawer finds
 * certificates without their number; with certificate:revoke too, 吊销证书 (a reason, then a
 * confirmation). Those pieces load lazily, so the public page stays light.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Button, Input, Result, Skeleton } from 'antd';
import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { Link, useSearchParams } from '@umijs/max';
import { CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE, CERTIFICATE_NOT_FOUND_MESSAGE, CERTIFICATE_NUMBER_PATTERN, type PublicCertificate } from '@common/schemas/certificates';
import { findPage } from '@common/menu';
import { useCan } from '@/hooks/useCan';
import { isApiError } from '@/requestErrors';
import StandaloneFrame from '@/components/StandaloneFrame';
import { getPublicCertificate } from '@/services/certificates';
import CertificateDocument from './components/CertificateDocument';
import styles from './index.less';

const NUMBER_RE = new RegExp(CERTIFICATE_NUMBER_PATTERN);

const StaffCertificateList = lazy(() => import('./components/StaffCertificateList'));
const RevokeCertificate = lazy(() => import('./components/RevokeCertificate'));

type Lookup =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; certificate: PublicCertificate }
  | { status: 'missing' }
  | { status: 'error'; message: string };

export default function CertificateViewPage() {
  const [params, setParams] = useSearchParams();
  const no = (params.get('no') ?? '').trim();
  const [typed, setTyped] = useState(no);
  const [formatError, setFormatError] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  // Outside Umi's access provider (some tests) nobody can: the public view.
  const can = useCan();
  const canView = can('certificate:view');
  const canRevoke = canView && can('certificate:revoke');

  /** After a revocation: the certificate again, as everyone now sees it, without a flash. */
  const refresh = useCallback(() => {
    if (!no) return;
    getPublicCertificate(no, { skipErrorHandler: true })
      .then((certificate) => setLookup({ status: 'found', certificate }))
      .catch(() => undefined);
  }, [no]);

  useEffect(() => {
    setTyped(no);
    if (!no) {
      setLookup({ status: 'idle' });
      return undefined;
    }
    if (!NUMBER_RE.test(no)) {
      setLookup({ status: 'missing' });
      return undefined;
    }
    let live = true;
    setLookup({ status: 'loading' });
    getPublicCertificate(no, { skipErrorHandler: true })
      .then((certificate) => live && setLookup({ status: 'found', certificate }))
      .catch((err: unknown) => {
        if (!live) return;
        if (isApiError(err) && err.message === CERTIFICATE_NOT_FOUND_MESSAGE) setLookup({ status: 'missing' });
        // Too many look-ups from this address: the server's words (wait and try again).
        else if (isApiError(err) && err.httpStatus === 429) setLookup({ status: 'error', message: err.message || CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE });
        else setLookup({ status: 'error', message: '查询失败，请检查网络后重试。' });
      });
    return () => {
      live = false;
    };
  }, [no]);

  const search = (value: string) => {
    const v = value.trim();
    if (!v) {
      setFormatError('请输入证书编号');
      return;
    }
    if (!NUMBER_RE.test(v)) {
      setFormatError('证书编号只包含字母、数字和短横线');
      return;
    }
    setFormatError('');
    setParams({ no: v.toUpperCase() });
  };

  const title = findPage('/certificate-view')?.title ?? '证书查看';
  return (
    <StandaloneFrame>
        <div className={styles.tools}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.lead}>输入会员证书或从业人员证书上的编号，查验证书的真伪和当前状态。</p>
          <form
            className={styles.searchForm}
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              search(typed);
            }}
          >
            <label htmlFor="certificate-no" className={styles.label}>
              证书编号
            </label>
            <Input
              id="certificate-no"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="如 WPDW2024001"
              maxLength={40}
              allowClear
              status={formatError ? 'error' : undefined}
              aria-describedby={formatError ? 'certificate-no-error' : undefined}
            />
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </form>
          {formatError && (
            <div id="certificate-no-error" role="alert" className={styles.formatError}>
              {formatError}
            </div>
          )}
          {canView && (
            <div className={styles.staffTools}>
              <span className={styles.staffLabel}>工作人员：</span>
              <Suspense fallback={null}>
                <StaffCertificateList onOpen={(number) => setParams({ no: number })} />
              </Suspense>
            </div>
          )}
        </div>

        {lookup.status === 'loading' && <Skeleton active paragraph={{ rows: 6 }} className={styles.skeleton} />}
        {lookup.status === 'missing' && (
          <Result
            status="warning"
            title={CERTIFICATE_NOT_FOUND_MESSAGE}
            subTitle={`没有编号为“${no}”的证书。请核对证书上的编号后重新输入；如有疑问，请联系协会秘书处。`}
          />
        )}
        {lookup.status === 'error' && <Alert type="error" showIcon title={lookup.message} className={styles.skeleton} />}
        {lookup.status === 'found' && (
          <>
            <CertificateDocument certificate={lookup.certificate} />
            <div className={styles.printBar}>
              <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
                打印证书
              </Button>
              {canRevoke && (
                <Suspense fallback={null}>
                  <RevokeCertificate certificate={lookup.certificate} onRevoked={refresh} />
                </Suspense>
              )}
            </div>
          </>
        )}
        <p className={styles.back}>
          <Link to="/">返回首页</Link>
        </p>
    </StandaloneFrame>
  );
}
