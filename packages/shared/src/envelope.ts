/** The JeecgBoot result envelope every API answer travels in. */
export type Envelope<T = unknown> = {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
  /** The rule ids the message cites (SRC-3 …), kept out of the message itself. */
  rules?: string[];
};

/** A paged list (MyBatis-Plus `Page` as JeecgBoot serialises it). */
export type PageResult<T> = {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
};

/** Body codes the client reacts to. */
export const ResultCode = {
  OK: 200,
  IMPORT_PARTIAL: 201,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY: 429,
  ERROR: 500,
  NO_PERMISSION: 510,
} as const;

export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: ResultCode.OK, result, timestamp: Date.now() };
}

export function fail(message: string, code: number = ResultCode.ERROR, result: unknown = null): Envelope<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}

export function toPage<T>(records: T[], total: number, current: number, size: number): PageResult<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}
