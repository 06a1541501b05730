/** What happens after the application is stored: review time (as /register-guide says), progress, login. */
import { Button, Result } from 'antd';
import { Link } from '@umijs/max';
import { TIMELINE } from '@/pages/register-guide/components/guide';
import styles from '../index.less';

interface RegisterDoneProps {
  unitName: string;
  loginAccount: string;
}

/** The guide's sentences end with '；' as list items; here they stand alone. */
const sentence = (text: string) => text.replace(/[；;]$/, '。');

export default function RegisterDone({ unitName, loginAccount }: RegisterDoneProps) {
  return (
    <Result
      status="success"
      title="入会申请已提交"
      subTitle={
        <>
          「{unitName}」的入会申请和材料已提交，请等待协会审核。登录账号为 <strong>{loginAccount}</strong>
          （密码为您设置的密码），请记下。
        </>
      }
      extra={[
        <Link key="login" to="/login?authType=2">
          <Button type="primary" size="large">
            登录会员单位子系统
          </Button>
        </Link>,
        <Link key="home" to="/">
          返回首页
        </Link>,
      ]}
    >
      <h2 className={styles.nextTitle}>接下来</h2>
      <ol className={styles.next}>
        <li>{sentence(TIMELINE[0])}</li>
        <li>
          审核期间可使用登录账号 <strong>{loginAccount}</strong> 登录会员单位子系统，在“单位信息管理”中查看审核进度和审核意见；
          {sentence(TIMELINE[1])}
        </li>
        <li>申请被驳回的，可按驳回原因修改单位信息或补充材料后重新提交。</li>
        <li>审核通过后获得会员编号和会员证书，证书可在线查验。</li>
      </ol>
    </Result>
  );
}
