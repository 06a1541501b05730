/**
 * The home page's 证书查询: a certificate number, checked here for its form, opens the
 * certificate page with the number filled in, which looks it up (src/pages/certificate-view).
 * Plain elements: the home page stays light on phones.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@umijs/max';
import { CERTIFICATE_NUMBER_PATTERN } from '@common/certificates';
import { certificateHref } from '@/components/PublicContent/links';
import styles from './Services.less';

const NUMBER_RE = new RegExp(CERTIFICATE_NUMBER_PATTERN);
/** The longest number CERTIFICATE_NUMBER_PATTERN allows. */
const NUMBER_MAX = 40;

export const CERTIFICATE_INPUT_ID = 'home-certificate-no';
const ERROR_ID = 'home-certificate-error';

export default function CertificateLookup() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const no = value.trim();
    if (!no) {
      setError('请输入证书编号');
      return;
    }
    if (!NUMBER_RE.test(no)) {
      setError('证书编号只包含字母、数字和短横线');
      return;
    }
    setError('');
    // Numbers are printed in capitals; the certificate page writes a typed number the same way.
    navigate(certificateHref(no.toUpperCase()));
  };

  return (
    <form role="search" aria-label="证书查询" className={styles.certificateForm} onSubmit={submit} noValidate>
      <p className={styles.lead}>输入会员证书或从业人员证书上的编号，查验证书的真伪和当前状态。</p>
      <label htmlFor={CERTIFICATE_INPUT_ID} className={styles.label}>
        证书编号
      </label>
      <div className={styles.inputRow}>
        <input
          id={CERTIFICATE_INPUT_ID}
          type="text"
          value={value}
          maxLength={NUMBER_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="如 WPDW2024001"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          className={styles.input}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className={styles.submit}>
          查询
        </button>
      </div>
      {error && (
        <p id={ERROR_ID} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
