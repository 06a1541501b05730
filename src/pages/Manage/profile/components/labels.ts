/** Chinese words for what the personal centre shows. */
import { CERTIFICATE_STATE_LABELS } from '@common/schemas/certificates';
import { MEMBER_UNIT_STATUS_LABELS } from '@common/schemas/memberUnits';
import { PRACTITIONER_STATUS_LABELS } from '@common/schemas/practitioners';
import { AUDIT_ACTION_LABELS } from '@common/schemas/operationLogs';

const pick = (labels: Record<string, string>, value: string) => labels[value] ?? value;

const AUTH_TYPE_LABELS: Record<string, string> = { 1: '协会工作人员', 2: '会员单位', 3: '从业人员' };
export const authTypeLabel = (authType: number) => pick(AUTH_TYPE_LABELS, String(authType));
export const unitStatusLabel = (status: string) => pick(MEMBER_UNIT_STATUS_LABELS, status);
export const practitionerStatusLabel = (status: string) => pick(PRACTITIONER_STATUS_LABELS, status);
export const certificateStateLabel = (state: string) => pick(CERTIFICATE_STATE_LABELS, state);
export const loginEventLabel = (event: string) => pick(AUDIT_ACTION_LABELS, event);

/** The documents a consent's versions name. */
export const CONSENT_DOCUMENT_LABELS: Record<string, string> = { terms: '用户协议', privacy: '隐私政策', notice: '个人信息处理说明' };

export const FILE_SLOT_LABELS: Record<string, string> = {
  photo: '照片',
  logo: '单位标志',
  business_licence: '营业执照',
  qualification: '资质材料',
  diploma: '学历证书',
  other: '其他材料',
};
