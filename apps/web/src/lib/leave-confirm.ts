import type { App } from 'antd';
import { LEAVE_CONFIRM_MESSAGE } from './unsaved-changes';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** Asks whether to leave edits unsaved; `onLeave` runs only when the user agrees. */
export function confirmLeave(modal: ModalApi, onLeave: () => void): void {
  modal.confirm({ title: '提示', content: LEAVE_CONFIRM_MESSAGE, okText: '确定', cancelText: '取消', onOk: onLeave });
}

/** Closes a form at once when it is clean, otherwise after the user agrees to drop the edits. */
export function closeAskingIfDirty(modal: ModalApi, dirty: boolean, release: () => void, onClose: () => void): void {
  if (!dirty) {
    onClose();
    return;
  }
  confirmLeave(modal, () => {
    release();
    onClose();
  });
}
