import StandalonePagePlaceholder from '@/components/PagePlaceholder/StandalonePagePlaceholder';

export default function CertificateViewPage() {
  return (
    <StandalonePagePlaceholder
      path="/certificate-view"
      note="证书查询与核验功能即将上线，届时可凭证书编号查看证书及其有效状态。"
    />
  );
}
