/**
 * Fixture accounts and data shared by every front-end test (msw handlers in ./handlers.ts).
 *
 * Four accounts, one per case the menus and access flags distinguish:
 * - superAdmin: association staff (authType 1) with every permission code;
 * - limitedStaff: association staff whose role holds only a few view codes;
 * - memberUnit: a member unit's account (authType 2);
 * - practitioner: a practitioner of that unit (authType 3).
 * Each has a fixed token that the mock server accepts until logout.
 */
import { AUTH_MESSAGES, notFoundMessage } from '@common/messages';
import { PASSWORD_MESSAGES } from '@common/passwordPolicy';
import type { CurrentUser } from '@common/schemas/auth';
import { ALL_PERMISSION_CODES, AuthType, type PermissionCode } from '@common/permissions';
import { DICTIONARIES } from '@common/dictionaries';
import type { DictItem } from '@common/schemas/dict';
import type { StoredFile } from '@common/schemas/files';
import type { PublicSitePage } from '@common/schemas/sitePages';

export interface FixtureAccount {
  password: string;
  token: string;
  user: CurrentUser;
}

export const FIXTURE_UNIT_ID = 'unit-0001';
export const FIXTURE_UNIT_NAME = '示例社会稳定风险评估咨询有限公司';
/** The fixture unit's profile, the same in the staff's records (./memberUnits.ts) and its own (./memberInfo.ts). */
export const FIXTURE_UNIT_PROFILE = {
  contactPhone: '0571-87061234',
  email: 'office@example.cn',
  address: '西湖区文三路 398 号',
  establishedOn: '2016-08-23',
  registeredCapital: 500,
  staffCount: 36,
  businessScope: '社会稳定风险评估；社会调查服务。',
  introduction: '专注重大工程社会稳定风险评估。',
  memberLevel: 'vice_president',
  memberNo: 'HY2024002',
  joinDate: '2024-04-10',
} as const;

/** The codes of limitedStaff's role: the workbench and news only. */
export const LIMITED_STAFF_CODES: readonly PermissionCode[] = ['workbench:view', 'content:article:view'];

export const superAdmin: FixtureAccount = {
  password: 'Admin@123456',
  token: 'token-super-admin',
  user: {
    userId: 'user-admin',
    loginAccount: 'admin',
    name: '系统管理员',
    authType: AuthType.Staff,
    unitId: null,
    unitName: null,
    practitionerId: null,
    permissions: [...ALL_PERMISSION_CODES],
    roleNames: ['超级管理员'],
    mustChangePassword: false,
    lastLoginAt: '2026-11-20T08:00:00.000Z',
  },
};

export const limitedStaff: FixtureAccount = {
  password: 'Staff@123456',
  token: 'token-limited-staff',
  user: {
    userId: 'user-staff',
    loginAccount: 'staff',
    name: '协会工作人员',
    authType: AuthType.Staff,
    unitId: null,
    unitName: null,
    practitionerId: null,
    permissions: [...LIMITED_STAFF_CODES],
    roleNames: ['新闻编辑'],
    mustChangePassword: false,
    lastLoginAt: null,
  },
};

export const memberUnit: FixtureAccount = {
  password: 'Unit@123456',
  token: 'token-member-unit',
  user: {
    userId: 'user-unit',
    loginAccount: 'unit',
    name: '张联络',
    authType: AuthType.MemberUnit,
    unitId: FIXTURE_UNIT_ID,
    unitName: FIXTURE_UNIT_NAME,
    practitionerId: null,
    permissions: [],
    roleNames: [],
    mustChangePassword: false,
    lastLoginAt: null,
  },
};

export const practitioner: FixtureAccount = {
  password: 'Prac@123456',
  token: 'token-practitioner',
  user: {
    userId: 'user-practitioner',
    loginAccount: 'practitioner',
    name: '李评估',
    authType: AuthType.Practitioner,
    unitId: FIXTURE_UNIT_ID,
    unitName: FIXTURE_UNIT_NAME,
    practitionerId: 'practitioner-0001',
    permissions: [],
    roleNames: [],
    mustChangePassword: false,
    lastLoginAt: null,
  },
};

export const FIXTURE_ACCOUNTS: readonly FixtureAccount[] = [superAdmin, limitedStaff, memberUnit, practitioner];

/** A token no session has. */
export const EXPIRED_TOKEN = 'token-expired';

/** The server's words (common/messages.ts, common/passwordPolicy.ts), under the names tests know. */
export const LOGIN_FAILED_MESSAGE = AUTH_MESSAGES.loginFailed;
export const OLD_PASSWORD_WRONG_MESSAGE = AUTH_MESSAGES.oldPasswordWrong;
export const SAME_PASSWORD_MESSAGE = PASSWORD_MESSAGES.sameAsOld;
export const DICT_NOT_FOUND_MESSAGE = notFoundMessage('字典');

/** `GET /dict/item/{code}` answers: the seed dictionaries, sorted as the server sorts them. */
export function dictItems(code: string): DictItem[] | undefined {
  const dictionary = DICTIONARIES.find((d) => d.code === code);
  return dictionary?.items.map((item, index) => ({ label: item.label, value: item.value, sort: index + 1 }));
}

export const storedFile: StoredFile = {
  fileId: '3f2b8c1e-7d4a-4b6e-9c1f-2a5d8e7f6b3c',
  name: '入会申请表.pdf',
  size: 102400,
  contentType: 'application/pdf',
  md5: '0123456789abcdef0123456789abcdef',
  createdAt: '2026-11-20T08:00:00.000Z',
};

/** The footer site page the public layout shows (GET /public/site-pages/footer). */
export const footerSitePage: PublicSitePage = {
  key: 'footer',
  title: '页脚信息',
  content: '',
  data: {
    associationName: '市社会稳定风险评估行业协会',
    postalAddress: '市民中心行政服务大楼B座12层1205室',
    phone: '(0571) 8888 6666',
    icpNumber: '浙ICP备00000000号',
    copyright: '© 市社会稳定风险评估行业协会 版权所有',
  },
  updatedAt: '2026-11-01T00:00:00.000Z',
};
