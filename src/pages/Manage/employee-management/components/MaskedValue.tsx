/**
 * A practitioner's masked ID number or phone with 查看 for viewers allowed to see the whole value
 * (staff with the reveal permission, the practitioner's own unit): src/components/MaskedValue
 * with the practitioners' reveal call.
 */
import type { RevealBody } from '@common/schemas/membership';
import MaskedValueBase from '@/components/MaskedValue';
import { revealPractitioner } from '@/services/practitioners';

export const FIELD_LABELS: Record<RevealBody['field'], string> = { idCardNo: '身份证号码', phone: '手机号码' };

export interface MaskedValueProps {
  practitionerId: string;
  name: string;
  field: RevealBody['field'];
  value: string | null;
  canReveal: boolean;
}

export default function MaskedValue({ practitionerId, name, field, value, canReveal }: MaskedValueProps) {
  return (
    <MaskedValueBase
      value={value}
      owner={name}
      what={FIELD_LABELS[field]}
      canReveal={canReveal}
      reveal={async () => (await revealPractitioner(practitionerId, field)).value}
      notice="个人信息仅限工作需要使用，请勿外传。"
    />
  );
}
