import { Modal, message, notification } from 'antd';
import type { ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * The toasts, notifications and dialogs that non-React code (the HTTP client, the session
 * store) raises. Defaults are antd's static functions; `FeedbackBridge` swaps in the
 * context-aware instances of antd's <App>, and tests swap in spies.
 */
export type Feedback = {
  notification: {
    error(args: { title: ReactNode; description?: ReactNode; duration?: number }): void;
  };
  message: {
    error(content: string): unknown;
    warning(content: string): unknown;
    success(content: string): unknown;
  };
  modal: {
    error(config: ModalFuncProps): unknown;
    confirm(config: ModalFuncProps): unknown;
  };
};

const staticFeedback: Feedback = { notification, message, modal: Modal };

let current: Feedback = staticFeedback;

export function getFeedback(): Feedback {
  return current;
}

export function setFeedback(next: Feedback | null): void {
  current = next ?? staticFeedback;
}
