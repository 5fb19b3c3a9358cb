/**
 * Tables of signing in: sessions, login attempts, SMS codes, used single sign-on tokens and
 * third-party login codes.
 */

export type SysSessionTable = {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Set by a page-close beacon: the session ends then unless its token is used again before. */
  closingAt: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type LoginAttemptTable = {
  id: string;
  username: string;
  ip: string;
  success: number;
  createdAt: string;
};

/** An SMS verification code (SUP-2): only its hash is kept; one use, at most 5 tries. */
export type SysSmsCodeTable = {
  id: string;
  mobile: string;
  /** login, register or forgot. */
  purpose: string;
  codeHash: string;
  attempts: number;
  expiresAt: string;
  usedAt: string | null;
  ip: string | null;
  createTime: string;
};

/** The id of a single sign-on token already used, kept until it expires (replay). */
export type SysSsoJtiTable = { jti: string; expiresAt: string; createTime: string };

/** A one-time code a third-party login callback bound to a user (only its hash is kept). */
export type SysThirdLoginCodeTable = {
  codeHash: string;
  userId: string;
  provider: string;
  expiresAt: string;
  usedAt: string | null;
  createTime: string;
};

/** A captcha drawn for a client's `checkKey`: the lower-cased code, valid 60 s, deleted when checked. */
export type SysCaptchaTable = { checkKey: string; code: string; expiresAt: string; createTime: string };

/** When a session was last used (written at most once a minute per node), for the idle timeout. */
export type SysSessionActivityTable = { sessionId: string; lastSeenAt: string };

export type AuthTables = {
  sysSessionActivity: SysSessionActivityTable;
  sysCaptcha: SysCaptchaTable;
  sysSession: SysSessionTable;
  loginAttempt: LoginAttemptTable;
  sysSmsCode: SysSmsCodeTable;
  sysSsoJti: SysSsoJtiTable;
  sysThirdLoginCode: SysThirdLoginCodeTable;
};
