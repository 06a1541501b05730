/** src/services against the mock API: the account, dictionary and file calls, as the pages use them. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { login, logout, queryCurrentUser, setPassword, showLoginAccount } from '@/services/user';
import { clearDictCache, getDictItems } from '@/services/dict';
import { instantUpload, getUploadStatus, previewFiles, uploadFile } from '@/services/file';
import { getToken, setToken } from '@/storage';
import { onResponseError } from '@/requestErrors';
import {
  answerNetworkError,
  failure,
  FIXTURE_ACCOUNTS,
  LOGIN_FAILED_MESSAGE,
  memberUnit,
  OLD_PASSWORD_WRONG_MESSAGE,
  practitioner,
  seedFileRecord,
  server,
  storedFile,
  superAdmin,
} from '../../mock';

describe('accounts', () => {
  it.each(FIXTURE_ACCOUNTS.map((a) => [a.user.name, a] as const))('%s logs in with its authType', async (_, account) => {
    const result = await login({
      loginAccount: account.user.loginAccount,
      password: account.password,
      authType: account.user.authType,
    });
    expect(result).toEqual({ token: account.token, currentUser: account.user });
  });

  it('a wrong password or authType is a toast', async () => {
    await expect(login({ loginAccount: 'unit', password: 'wrong', authType: 2 })).rejects.toMatchObject({ status: 10 });
    await expect(login({ loginAccount: 'unit', password: memberUnit.password, authType: 1 })).rejects.toMatchObject({
      message: LOGIN_FAILED_MESSAGE,
    });
    // The toast's antd module loads with the first toast (src/request/staticFeedback.ts): allow for that.
    expect(await screen.findByText(LOGIN_FAILED_MESSAGE)).toBeInTheDocument();
  });

  it('logout ends the session on the server', async () => {
    setToken(practitioner.token);
    await expect(queryCurrentUser()).resolves.toEqual(practitioner.user);
    await logout();
    await expect(queryCurrentUser({ skipErrorHandler: true })).rejects.toMatchObject({ status: 20 });
  });

  it('set password checks the old one', async () => {
    setToken(memberUnit.token);
    await expect(setPassword({ oldPassword: 'nope', newPassword: 'New@123456' })).rejects.toMatchObject({
      message: OLD_PASSWORD_WRONG_MESSAGE,
    });
    await expect(setPassword({ oldPassword: memberUnit.password, newPassword: 'New@123456' })).resolves.toBeNull();
    await expect(login({ loginAccount: 'unit', password: 'New@123456', authType: 2 })).resolves.toMatchObject({
      token: memberUnit.token,
    });
    expect(getToken()).toBe(memberUnit.token);
  });

  it('show login account', async () => {
    setToken(superAdmin.token);
    await expect(showLoginAccount({ userId: memberUnit.user.userId, password: superAdmin.password })).resolves.toEqual({
      loginAccount: 'unit',
    });
  });
});

describe('dictionaries', () => {
  it('reads items and caches them; a failure is not cached', async () => {
    clearDictCache();
    server.use(answerNetworkError('get', '/dict/item/education'));
    await expect(getDictItems('education')).rejects.toMatchObject({ kind: 'network' });
    server.resetHandlers();
    const items = await getDictItems('education');
    expect(items[0]).toEqual({ label: '博士研究生', value: 'doctor', sort: 1 });
    expect(getDictItems('education')).toBe(getDictItems('education'));
  });
});

describe('files', () => {
  it('upload status and preview with signed links', async () => {
    setToken(superAdmin.token);
    await expect(getUploadStatus(storedFile.md5)).resolves.toEqual({ exists: true, file: storedFile });
    await expect(getUploadStatus('f'.repeat(32))).resolves.toEqual({ exists: false });
    seedFileRecord({ ...storedFile, fileId: 'other', name: 'other.pdf' });
    // Unknown ids are left out, as the server leaves them out.
    const preview = await previewFiles([storedFile.fileId, 'other', 'unknown']);
    expect(preview.map((p) => p.name)).toEqual([storedFile.name, 'other.pdf']);
    // Links carry a signature, so they work in <a href> without the token header.
    expect(preview[0].downloadUrl).toContain(storedFile.fileId);
  });

  it('instant upload of content the server has', async () => {
    setToken(memberUnit.token);
    const fileId = '9d2f6a3b-1c4e-4f5a-8b7c-6d5e4f3a2b1c';
    await expect(instantUpload({ fileId, md5: storedFile.md5, name: '副本.pdf' })).resolves.toMatchObject({
      fileId,
      name: '副本.pdf',
      md5: storedFile.md5,
    });
  });

  it('uploads multipart with file, fileId and md5', async () => {
    setToken(superAdmin.token);
    const form = new FormData();
    form.append('file', new File(['hello'], '说明.txt', { type: 'text/plain' }));
    form.append('fileId', storedFile.fileId);
    form.append('md5', '5d41402abc4b2a76b9719d911017c592');
    const stored = await uploadFile(form);
    // Only the text fields: msw's XMLHttpRequest stand-in does not carry the test DOM's File bytes
    // and name across (the browser and the e2e tests do).
    expect(stored).toMatchObject({ fileId: storedFile.fileId, md5: '5d41402abc4b2a76b9719d911017c592' });
  });
});

describe('downloads', () => {
  // msw cannot answer an XMLHttpRequest with responseType 'blob' under the test DOM ("object.stream
  // is not a function"), so the Blob path of the error handling is exercised directly.
  it('an error envelope that arrives as a Blob is read and shown', async () => {
    const body = new Blob([JSON.stringify(failure(10, '文件不存在'))], { type: 'application/json' });
    const axiosLike = Object.assign(new Error('Request failed with status code 404'), {
      isAxiosError: true,
      config: { baseURL: '/api/v1', url: '/file/download/missing', responseType: 'blob' },
      request: {},
      response: { status: 404, data: body, headers: {}, config: {}, statusText: 'Not Found' },
    });
    await expect(onResponseError(axiosLike)).rejects.toMatchObject({
      status: 10,
      httpStatus: 404,
      message: '文件不存在',
      url: '/api/v1/file/download/missing',
    });
    expect(await screen.findByText('文件不存在')).toBeInTheDocument();
  });
});
