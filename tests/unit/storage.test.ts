/** src/storage.ts: the keys, the unitId rule (empty: the userId), and bad stored values. */
import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  CURRENT_USER_KEY,
  getCurrentUser,
  getToken,
  removeCurrentUser,
  removeToken,
  saveCurrentUser,
  setToken,
  subscribeCurrentUser,
  TOKEN_KEY,
} from '@/storage';
import { memberUnit, practitioner, superAdmin } from '../../mock';

describe('token', () => {
  it('is a plain string under `token`', () => {
    expect(TOKEN_KEY).toBe('token');
    expect(getToken()).toBeUndefined();
    setToken('abc');
    expect(window.localStorage.getItem('token')).toBe('abc');
    expect(getToken()).toBe('abc');
    removeToken();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(getToken()).toBeUndefined();
  });

  it('an empty stored token counts as none', () => {
    window.localStorage.setItem('token', '');
    expect(getToken()).toBeUndefined();
  });
});

describe('current user', () => {
  it('is JSON under `currentUser`', () => {
    expect(CURRENT_USER_KEY).toBe('currentUser');
    saveCurrentUser(memberUnit.user);
    expect(JSON.parse(window.localStorage.getItem('currentUser') ?? 'null')).toEqual(memberUnit.user);
    expect(getCurrentUser()).toEqual(memberUnit.user);
  });

  it('keeps a given unitId', () => {
    expect(saveCurrentUser(practitioner.user).unitId).toBe(practitioner.user.unitId);
    expect(getCurrentUser()?.unitId).toBe('unit-0001');
  });

  it('sets unitId to the userId when unitId is empty', () => {
    expect(superAdmin.user.unitId).toBeNull();
    saveCurrentUser(superAdmin.user);
    expect(getCurrentUser()?.unitId).toBe(superAdmin.user.userId);
    saveCurrentUser({ ...memberUnit.user, unitId: '' });
    expect(getCurrentUser()?.unitId).toBe(memberUnit.user.userId);
  });

  it('does not change the object it was given', () => {
    const user = { ...superAdmin.user };
    saveCurrentUser(user);
    expect(user.unitId).toBeNull();
  });

  it.each(['{not json', 'undefined', '"a string"', '[1,2]', 'null', '42'])(
    'a stored value of %s reads as undefined',
    (raw) => {
      window.localStorage.setItem('currentUser', raw);
      expect(getCurrentUser()).toBeUndefined();
    },
  );

  it('removeCurrentUser and clearSession remove the keys', () => {
    setToken('t');
    saveCurrentUser(memberUnit.user);
    removeCurrentUser();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
    expect(getToken()).toBe('t');
    saveCurrentUser(memberUnit.user);
    clearSession();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('announces changes to subscribers, here and from other tabs', () => {
    const seen: (string | null | undefined)[] = [];
    const unsubscribe = subscribeCurrentUser((user) => seen.push(user?.unitId));
    saveCurrentUser(memberUnit.user);
    removeCurrentUser();
    window.localStorage.setItem('currentUser', JSON.stringify(practitioner.user));
    window.dispatchEvent(new StorageEvent('storage', { key: 'currentUser' }));
    unsubscribe();
    saveCurrentUser(superAdmin.user);
    expect(seen).toEqual(['unit-0001', undefined, 'unit-0001']);
  });
});

describe('a storage that throws', () => {
  it('reads nothing and does not throw', () => {
    const get = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const set = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(getToken()).toBeUndefined();
      expect(getCurrentUser()).toBeUndefined();
      expect(() => setToken('x')).not.toThrow();
      expect(() => saveCurrentUser(memberUnit.user)).not.toThrow();
    } finally {
      get.mockRestore();
      set.mockRestore();
    }
  });
});
