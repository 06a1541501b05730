/**
 * msw handlers for the personal centre: GET /user/profile (each fixture account's own data:
 * the practitioner's whole ID number and phone, the unit's record), the JSON download, the
 * practitioner's withdrawal of the sensitive-data consent (→ a pending deletion request), and
 * the staff's deletion requests (system:personal-data:handle). Stateful like the server;
 * `profileCalls` records every call; reset by `resetMockState()`.
 */
import { http, type HttpHandler } from 'msw';
import { AuthType } from '@common/permissions';
import { PROFILE_MESSAGES, type DeletionRequestRecord, type PersonalData } from '@common/schemas/profile';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME } from './fixtures';
import { ALL_KINDS, apiPath, bad, callLog, done, download, type FixtureAccount } from './kit';

const log = callLog();
/** [{ method, path, query, body }] of every call, in order. */
export const profileCalls = log.calls;

export const PRACTITIONER_ID_CARD = '110105194912310029';
export const PRACTITIONER_PHONE = '13800000000';
const T0 = '2026-11-20T02:00:00.000Z';

function dataOf(account: FixtureAccount): PersonalData {
  const u = account.user;
  const practitioner = u.authType === AuthType.Practitioner;
  const unit = u.authType === AuthType.MemberUnit;
  return {
    generatedAt: '2026-11-23T08:00:00.000Z',
    account: {
      id: u.userId,
      loginAccount: u.loginAccount,
      name: u.name,
      authType: u.authType,
      phone: null,
      email: null,
      enabled: true,
      mustChangePassword: false,
      lastLoginAt: u.lastLoginAt,
      createdAt: '2026-01-05T01:00:00.000Z',
      roleNames: u.roleNames,
    },
    unit: unit
      ? {
          id: FIXTURE_UNIT_ID,
          name: FIXTURE_UNIT_NAME,
          creditCode: '91330100MA2H000001',
          legalRepresentative: '王法人',
          contactPerson: '张联络',
          contactPhone: '13900000001',
          email: 'contact@example.com',
          address: '市民中心B座',
          establishedOn: '2015-06-01',
          memberLevel: '理事',
          memberNo: 'HY2024001',
          joinDate: '2024-03-01',
          validUntil: '2027-02-28',
          status: 'approved',
          rejectReason: null,
          files: [{ fileId: 'f-licence', slot: 'business_licence', name: '营业执照.pdf', size: 1024 }],
        }
      : null,
    practitioner: practitioner
      ? {
          id: u.practitionerId ?? 'practitioner-0001',
          name: u.name,
          gender: '男',
          idCardNo: PRACTITIONER_ID_CARD,
          phone: PRACTITIONER_PHONE,
          email: null,
          education: '本科',
          major: '社会学',
          professionalTitle: '中级',
          position: '评估师',
          unitId: FIXTURE_UNIT_ID,
          unitName: FIXTURE_UNIT_NAME,
          entryDate: '2020-03-01',
          trainingHours: 24,
          status: 'approved',
          leftOn: null,
          anonymisedAt: null,
          files: [{ fileId: 'f-photo', slot: 'photo', name: '照片.jpg', size: 2048 }],
        }
      : null,
    certificates: practitioner
      ? [{ number: 'WPRY2024001', kind: 'practitioner', holderName: u.name, issuedOn: '2024-03-01', validUntil: '2027-02-28', state: 'valid', revokedReason: null }]
      : [],
    consents: [
      ...(practitioner ? [{ kind: 'sensitive_pi', versions: { notice: '2026-01-01' }, agreedAt: T0, ip: '10.0.0.3', withdrawnAt: null }] : []),
      ...(unit ? [{ kind: 'terms_privacy', versions: { terms: '2026-01-01T00:00:00.000Z', privacy: '2026-01-01T00:00:00.000Z' }, agreedAt: T0, ip: '10.0.0.2', withdrawnAt: null }] : []),
    ],
    logins: [
      { at: '2026-11-22T01:00:00.000Z', event: 'login', ip: '10.0.0.5', userAgent: 'Mozilla/5.0 Chrome', result: 'success' },
      { at: '2026-11-21T01:00:00.000Z', event: 'login-failed', ip: '10.6.6.6', userAgent: 'curl/8', result: 'failure' },
    ],
    deletionRequests: [],
    canWithdrawSensitiveConsent: practitioner,
  };
}

const state = { data: new Map<string, PersonalData>(), requests: [] as DeletionRequestRecord[] };

export function resetProfileMock(): void {
  log.clear();
  state.data.clear();
  state.requests = [
    {
      id: 'review-pi-1',
      practitionerId: 'practitioner-0009',
      practitionerName: '孙撤回',
      unitId: FIXTURE_UNIT_ID,
      unitName: FIXTURE_UNIT_NAME,
      status: 'pending',
      submittedAt: '2026-11-22T03:00:00.000Z',
      submittedByName: '孙撤回',
      decidedAt: null,
      decidedByName: null,
      comment: null,
    },
  ];
}
resetProfileMock();

export const profileDb = state;

function dataFor(account: FixtureAccount): PersonalData {
  let data = state.data.get(account.user.userId);
  if (!data) {
    data = dataOf(account);
    state.data.set(account.user.userId, data);
  }
  return data;
}

export const profileHandlers: HttpHandler[] = [
  http.get(apiPath('/user/profile/export'), async ({ request }) => {
    const account = await log.guard(request, null, ALL_KINDS);
    if (account instanceof Response) return account;
    return download('个人数据.json', JSON.stringify(dataFor(account)), 'application/json');
  }),

  http.get(apiPath('/user/profile'), async ({ request }) => {
    const account = await log.guard(request, null, ALL_KINDS);
    if (account instanceof Response) return account;
    return done(dataFor(account));
  }),

  http.post(apiPath('/user/consents/sensitive-pi/withdraw'), async ({ request }) => {
    const account = await log.guard(request, null, [AuthType.Practitioner]);
    if (account instanceof Response) return account;
    const data = dataFor(account);
    if (!data.canWithdrawSensitiveConsent) return bad(PROFILE_MESSAGES.requestPending);
    const at = '2026-11-23T09:00:00.000Z';
    data.consents = data.consents.map((c) => (c.kind === 'sensitive_pi' ? { ...c, withdrawnAt: at } : c));
    data.deletionRequests = [{ id: 'review-pi-new', status: 'pending', submittedAt: at, decidedAt: null, comment: null }];
    data.canWithdrawSensitiveConsent = false;
    return done({ requestId: 'review-pi-new' }, PROFILE_MESSAGES.withdrawn);
  }),

  http.get(apiPath('/personal-data/deletion-requests'), async ({ request }) => {
    const account = await log.guard(request, 'system:personal-data:handle');
    if (account instanceof Response) return account;
    const list = state.requests.filter((r) => r.status === 'pending');
    return done({ list, total: list.length, current: 1, pageSize: 100 });
  }),

  http.post(apiPath('/personal-data/deletion-requests/:practitionerId/:decision'), async ({ request, params }) => {
    const account = await log.guard(request, 'system:personal-data:handle');
    if (account instanceof Response) return account;
    const target = state.requests.find((r) => r.practitionerId === params.practitionerId && r.status === 'pending');
    if (!target) return bad(PROFILE_MESSAGES.noPendingRequest, 404);
    target.status = params.decision === 'approve' ? 'approved' : 'rejected';
    return done();
  }),
];
