/**
 * The one way a component asks what the current user may do.
 *
 * - `useCan()` gives `can(code)`: does the user hold this permission code? Menus and routes ask
 *   it through the access flags (src/access.ts); pages ask it for what is not tied to one
 *   record: toolbar buttons (新建, 导入, 导出), tabs, links to other pages. ResourceTable asks
 *   it for the `code` of its 新建, export, batch and drag-sort declarations.
 * - What may be done with one record (a list row's buttons and switches, a drawer's
 *   decisions) is never asked here: the server sends it as the record's `actions`, computed
 *   from the same codes and the record's state, and `RowAction.action` names the one a button
 *   needs.
 *
 *   const can = useCan();
 *   {can('member:practitioner:import') && <Button onClick={openImport}>导入</Button>}
 *
 * `useAccessFlags()` gives all the flags (isStaff, canSeeMenu …) typed. Outside Umi's access
 * provider (a page rendered on its own, the public certificate page in some tests) no flag
 * holds and `can` answers false.
 */
import { useAccess } from '@umijs/max';
import access, { type AccessFlags } from '@/access';

/** The flags of nobody: what a component sees outside the access provider. */
const NO_ACCESS: AccessFlags = access(null);

export function useAccessFlags(): AccessFlags {
  // The context's type says AccessFlags, but its default value (outside the provider) is null.
  const flags: AccessFlags | null = useAccess();
  return flags ?? NO_ACCESS;
}

/** `can(code)`: whether the current user holds a permission code. */
export function useCan(): AccessFlags['can'] {
  return useAccessFlags().can;
}
