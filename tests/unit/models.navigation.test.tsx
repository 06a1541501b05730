/** src/models/navigation.ts: `useModel('navigation')` (the unit id and the breadcrumb). */
import { describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { useModel } from '@umijs/max';
import { dataflowProvider } from '@@/plugin-model/runtime';
import useNavigation from '@/models/navigation';
import { removeCurrentUser, saveCurrentUser } from '@/storage';
import { memberUnit, practitioner, superAdmin } from '../../mock';

describe('navigation model', () => {
  it('starts empty without a stored user', () => {
    const { result } = renderHook(() => useNavigation());
    expect(result.current.unitId).toBe('');
    expect(result.current.breadcrumb).toEqual([]);
  });

  it("starts from the stored user's unit", () => {
    saveCurrentUser(memberUnit.user);
    const { result } = renderHook(() => useNavigation());
    expect(result.current.unitId).toBe('unit-0001');
  });

  it('uses the userId of a user without unit', () => {
    saveCurrentUser(superAdmin.user);
    const { result } = renderHook(() => useNavigation());
    expect(result.current.unitId).toBe(superAdmin.user.userId);
  });

  it('sets the unit and the breadcrumb', () => {
    const { result } = renderHook(() => useNavigation());
    act(() => {
      result.current.setUnitId('unit-0002');
      result.current.setBreadcrumb([{ breadcrumbName: '会员单位管理', path: '/Manage/member-unit-management' }, { breadcrumbName: '详情' }]);
    });
    expect(result.current.unitId).toBe('unit-0002');
    expect(result.current.breadcrumb.map((b) => b.breadcrumbName)).toEqual(['会员单位管理', '详情']);
  });

  it('follows login and logout', () => {
    const { result } = renderHook(() => useNavigation());
    act(() => {
      saveCurrentUser(practitioner.user);
    });
    expect(result.current.unitId).toBe('unit-0001');
    act(() => {
      removeCurrentUser();
    });
    expect(result.current.unitId).toBe('');
  });

  it("is Umi's `navigation` model", async () => {
    saveCurrentUser(memberUnit.user);
    function Show() {
      const { unitId, breadcrumb, setBreadcrumb } = useModel('navigation');
      return (
        <button type="button" onClick={() => setBreadcrumb([{ breadcrumbName: '单位信息管理' }])}>
          {unitId}|{breadcrumb.map((b) => b.breadcrumbName).join('/')}
        </button>
      );
    }
    // The provider Umi itself wraps the app in, with every model of src/models.
    render(dataflowProvider(<Show />, {}));
    const button = await screen.findByText('unit-0001|');
    act(() => button.click());
    expect(await screen.findByText('unit-0001|单位信息管理')).toBeInTheDocument();
  });
});
