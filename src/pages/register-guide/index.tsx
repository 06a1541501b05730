import StandalonePagePlaceholder from '@/components/PagePlaceholder/StandalonePagePlaceholder';

export default function RegisterGuidePage() {
  return (
    <StandalonePagePlaceholder
      path="/register-guide"
      note="入会条件、所需材料与办理流程正在整理中，敬请期待。"
    />
  );
}
