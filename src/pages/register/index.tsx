import StandalonePagePlaceholder from '@/components/PagePlaceholder/StandalonePagePlaceholder';

export default function RegisterPage() {
  return (
    <StandalonePagePlaceholder
      path="/register"
      note="会员单位入会申请即将开放，届时可在此在线填写单位信息并上传材料。"
    />
  );
}
