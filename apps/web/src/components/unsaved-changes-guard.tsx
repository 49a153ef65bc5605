import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { confirmDialog } from './confirm-dialog.tsx';
import { commonTexts } from './i18n/index.ts';
import { leavingLosesChanges } from './unsaved-changes.ts';

/**
 * A form's "changed since opened or saved" flag: set by its onValuesChange, cleared after a save. `isDirty` reads it
 * at once, so a save that clears it and then navigates away is not asked about.
 */
export function useDirtyFlag() {
  const [dirty, setDirty] = useState(false);
  const ref = useRef(false);
  const markDirty = useCallback(() => {
    ref.current = true;
    setDirty(true);
  }, []);
  const markClean = useCallback(() => {
    ref.current = false;
    setDirty(false);
  }, []);
  const isDirty = useCallback(() => ref.current, []);
  return { dirty, isDirty, markDirty, markClean };
}
export type DirtyFlag = ReturnType<typeof useDirtyFlag>;

/**
 * While the flag is set, a route change asks 'Leave this page?' (in the language on screen) and a reload or closing
 * the tab gets the browser's own question (browsers show their own text for it, never the page's).
 */
export function useUnsavedChangesGuard(flag: DirtyFlag, active = true): void {
  const { isDirty, dirty } = flag;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => leavingLosesChanges(active && isDirty(), currentLocation, nextLocation));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDialog({
      title: commonTexts.t('unsaved.title'),
      content: commonTexts.t('unsaved.content'),
      okText: commonTexts.t('unsaved.leave'),
      cancelText: commonTexts.t('unsaved.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker]);
  useEffect(() => {
    if (!active || !dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when returnValue is set
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active, dirty]);
}

/** For a component that cannot call the hook unconditionally (a modal used both inside and outside a router). */
export function UnsavedChangesGuard({ flag, active }: { flag: DirtyFlag; active: boolean }) {
  useUnsavedChangesGuard(flag, active);
  return null;
}
