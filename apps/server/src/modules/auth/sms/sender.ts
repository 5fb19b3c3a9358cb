import type { FastifyBaseLogger } from 'fastify';
import { businessError } from '../../../core/errors.js';

export type SmsPurpose = 'login' | 'register' | 'forgot';
export const SMS_NOT_CONFIGURED = '短信服务未配置';

/**
 * Where verification codes go. A real gateway (Aliyun, Tencent Cloud …) implements `send`
 * and is picked by `SMS_SENDER`; the code never reaches the HTTP answer.
 */
export interface SmsSender {
  readonly name: string;
  /** False: every request is refused alike, whether the mobile has an account or not. */
  readonly enabled: boolean;
  send(mobile: string, code: string, purpose: SmsPurpose, log: FastifyBaseLogger): Promise<void>;
}

/** Development: the code goes to the server log, clearly marked as not sent. */
export class LogSmsSender implements SmsSender {
  readonly name = 'log';
  readonly enabled = true;
  async send(mobile: string, code: string, purpose: SmsPurpose, log: FastifyBaseLogger): Promise<void> {
    log.warn({ event: 'sms.dev', mobile, purpose, code }, `[DEV SMS — not sent] ${mobile} ${purpose} code ${code}`);
  }
}

/** Production without a configured gateway: refuses. */
export class DisabledSmsSender implements SmsSender {
  readonly name = 'disabled';
  readonly enabled = false;
  async send(): Promise<void> {
    throw businessError(SMS_NOT_CONFIGURED);
  }
}

/**
 * Tests only (refused in production by the configuration): keeps the last code per mobile in
 * memory so that a browser test can read it through `/sys/sms/testOutbox`.
 */
export class OutboxSmsSender implements SmsSender {
  readonly name = 'outbox';
  readonly enabled = true;
  private readonly last = new Map<string, { code: string; purpose: SmsPurpose }>();
  async send(mobile: string, code: string, purpose: SmsPurpose): Promise<void> {
    this.last.set(mobile, { code, purpose });
  }
  lastCode(mobile: string): { code: string; purpose: SmsPurpose } | null {
    return this.last.get(mobile) ?? null;
  }
}

export function createSmsSender(kind: 'log' | 'disabled' | 'outbox'): SmsSender {
  if (kind === 'outbox') return new OutboxSmsSender();
  if (kind === 'disabled') return new DisabledSmsSender();
  return new LogSmsSender();
}
