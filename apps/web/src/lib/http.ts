import { getFeedback } from './feedback';
import { http, setFeedbackSource } from './http-client';

/**
 * The back office's entry to the one HTTP client (`lib/http-client.ts`): the same instance,
 * with antd's toasts, notifications and dialogs as its feedback.
 */
setFeedbackSource(getFeedback);

export * from './http-client';

export const { getAction, postAction, putAction, deleteAction } = http;
