/**
 * Words the server answers with in many places and the front end's mock back end (mock/) must
 * answer with too: one home, so that the two cannot drift apart. Plain values only (no
 * typebox), like ./api.ts, which keeps the token and account-gate words.
 *
 * Words of one module stay with that module's schemas (e.g. MEMBER_UNIT_MESSAGES in
 * ./schemas/memberUnits.ts).
 */

/** HTTP 403, status 30: the caller lacks the permission code, or the record is not theirs. */
export const FORBIDDEN_MESSAGE = '没有权限执行此操作';
/** HTTP 409: the version sent is not the record's version any more (optimistic locking). */
export const STALE_VERSION_MESSAGE = '数据已被他人修改，请刷新后重试';
/** HTTP 404: `notFoundMessage('项目')` → 项目不存在. */
export const notFoundMessage = (what = '记录'): string => `${what}不存在`;
/** A JSON route called with no body. */
export const EMPTY_BODY_MESSAGE = '请求体不能为空';
/** A refusal (驳回) that needs a reason and got none: the workflows' words, and the unit-information decisions'. */
export const REJECT_REASON_REQUIRED_MESSAGE = '请填写驳回原因';
export const REJECT_REASON_EMPTY_MESSAGE = '驳回原因不能为空';

/** Login, logout and the caller's own password. */
export const AUTH_MESSAGES = {
  loginFailed: '登录账号或密码错误',
  loggedIn: '登录成功',
  loggedOut: '已退出登录',
  oldPasswordWrong: '原密码不正确',
  passwordChanged: '密码已修改',
  /** Before showing or resetting another account's password, the caller's own is asked for. */
  currentPasswordWrong: '当前密码不正确',
} as const;

/** Uploads (the files API and the registration's licence upload). */
export const UPLOAD_MESSAGES = {
  fileIdRequired: '文件编号不能为空',
  md5Required: 'MD5不能为空',
  fileRequired: '请选择要上传的文件',
  uploaded: '上传成功',
  instantUploaded: '秒传成功',
  /** 秒传 of content the server does not have. */
  contentMissing: '服务器上没有该文件，请重新上传',
} as const;

/** The public site's reads of something not (or no longer) public: HTTP 404. */
export const PUBLIC_MESSAGES = {
  contentGone: '内容不存在或已下线',
  unitGone: '会员单位不存在或未公开',
} as const;
