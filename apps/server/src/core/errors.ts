import { ResultCode } from '@procura/shared';

/**
 * The one error type of the server. `message` is always safe to show a user; `status` is the
 * HTTP status (200 for business refusals, as JeecgBoot clients expect), `code` the body code.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number = 200,
    readonly code: number = ResultCode.ERROR,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A refusal by a business rule: HTTP 200, `success:false`, body code 500. */
export const businessError = (message: string, result: unknown = null) =>
  new AppError(message, 200, ResultCode.ERROR, result);
/** Bad input: HTTP 400 with field-keyed messages. */
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(message, 400, ResultCode.BAD_REQUEST, errors ? { errors } : null);
export const unauthorized = (message = 'Token失效，请重新登录!') => new AppError(message, 401, ResultCode.UNAUTHORIZED);
export const forbidden = (message = '没有权限，请联系管理员授权') => new AppError(message, 403, ResultCode.FORBIDDEN);
export const notFound = (message = '未找到对应实体') => new AppError(message, 404, ResultCode.NOT_FOUND);
