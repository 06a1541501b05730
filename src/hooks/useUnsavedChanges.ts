/**
 * useUnsavedChanges(dirty): a form with changes asks before it goes away; one without closes
 * at once.
 *
 * - `confirmDiscard(proceed)`: the form's own ways out (取消, Esc, the mask, ✕) go through it:
 *   with nothing changed `proceed` runs at once, otherwise after 放弃修改 in a confirmation
 *   (继续编辑 keeps the form as it is);
 * - while `dirty`, a route change inside the app (a menu entry, a link, Back) asks the same
 *   question through the app's history (`history.block`), and leaving the site (reload,
 *   closing the tab, typing an address) gets the browser's own question (`beforeunload`);
 * - a move to the login page (src/requestErrors.ts after the session ended) is let through:
 *   nothing could be saved any more, and a form with a browser draft (useFormDraft) keeps it
 *   there, to be offered after the next login.
 *
 * `onDiscard` runs when the person agreed to throw the changes away (a draft goes with them).
 *
 *   const guard = useUnsavedChanges(changes.dirty, { onDiscard: draft.drop });
 *   <Drawer onClose={() => guard.confirmDiscard(onClose)} … />
 */
import { history } from '@umijs/max';
import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { LOGIN_PATH } from '@/requestErrors';

/** The question, the same for closing a form and for leaving its page. */
export const UNSAVED_CHANGES_QUESTION = {
  title: '放弃未保存的修改？',
  content: '表单中有尚未保存的修改，离开后这些修改将丢失。',
  okText: '放弃修改',
  cancelText: '继续编辑',
} as const;

export interface UnsavedChangesGuard {
  /** Runs `proceed` now when nothing is unsaved, else once the person agrees to discard. */
  confirmDiscard: (proceed: () => void) => void;
}

export function useUnsavedChanges(dirty: boolean, options: { onDiscard?: () => void } = {}): UnsavedChangesGuard {
  const { modal } = App.useApp();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const onDiscardRef = useRef(options.onDiscard);
  onDiscardRef.current = options.onDiscard;
  // One question at a time: Esc pressed twice, or Back while the question is open.
  const asking = useRef(false);

  const ask = useCallback(
    (proceed: () => void) => {
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        ...UNSAVED_CHANGES_QUESTION,
        okButtonProps: { danger: true },
        // Enter keeps the typing: throwing it away takes a deliberate click.
        autoFocusButton: 'cancel',
        onOk: () => {
          asking.current = false;
          onDiscardRef.current?.();
          proceed();
        },
        onCancel: () => {
          asking.current = false;
        },
      });
    },
    [modal],
  );

  const confirmDiscard = useCallback(
    (proceed: () => void) => {
      if (!dirtyRef.current) proceed();
      else ask(proceed);
    },
    [ask],
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Umi's history exists once the app has rendered (a bare test may have none).
    let unblock: (() => void) | undefined;
    let active = true;
    const block = () => {
      unblock = history.block((transition) => {
        // A blocked move is retried without the block, which returns if the form stays (a
        // move within the same page) and still holds changes.
        const go = () => {
          unblock?.();
          transition.retry();
          if (active && dirtyRef.current) block();
        };
        if (!dirtyRef.current || transition.location.pathname === LOGIN_PATH) go();
        else ask(go);
      });
    };
    if (history) block();
    return () => {
      active = false;
      window.removeEventListener('beforeunload', onBeforeUnload);
      unblock?.();
    };
  }, [dirty, ask]);

  return { confirmDiscard };
}
