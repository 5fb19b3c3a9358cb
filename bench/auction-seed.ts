import { createHmac, randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';

// Seeding of the live auction benchmark (auction-live.bench.ts), straight into the database
// while the server is stopped: BIDDERS copies of the demo supplier and its user, with sessions.

type Row = Record<string, unknown>;
interface Sql {
  all(text: string, params?: unknown[]): Promise<Row[]>;
  insert(table: string, rows: Row[]): Promise<void>;
  close(): Promise<void>;
}

async function openSql(databaseUrl: string): Promise<Sql> {
  const insertText = (table: string, cols: string[], count: number, mark: (n: number) => string) =>
    `INSERT INTO ${table} (${cols.join(', ')}) VALUES ${Array.from({ length: count }, (_, r) => `(${cols.map((_, c) => mark(r * cols.length + c + 1)).join(', ')})`).join(', ')}`;
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new SQLite(databaseUrl.slice('sqlite:'.length));
    return {
      all: async (text, params = []) => db.prepare(text).all(...params) as Row[],
      insert: async (table, rows) => {
        const cols = Object.keys(rows[0]!);
        db.transaction(() => {
          for (let i = 0; i < rows.length; i += 100) {
            const chunk = rows.slice(i, i + 100);
            db.prepare(insertText(table, cols, chunk.length, () => '?')).run(
              ...chunk.flatMap((r) => cols.map((c) => r[c])),
            );
          }
        })();
      },
      close: async () => void db.close(),
    };
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  return {
    all: async (text, params = []) => {
      let n = 0;
      return (
        await c.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as Row[];
    },
    insert: async (table, rows) => {
      const cols = Object.keys(rows[0]!);
      await c.query('BEGIN');
      for (let i = 0; i < rows.length; i += 100) {
        const chunk = rows.slice(i, i + 100);
        await c.query(
          insertText(table, cols, chunk.length, (n) => `$${n}`),
          chunk.flatMap((r) => cols.map((col) => r[col])),
        );
      }
      await c.query('COMMIT');
    },
    close: () => c.end(),
  };
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
/** An HS256 token as SessionService.issue signs it (jose: sid, username, sub, iss, iat, exp). */
function signToken(
  key: Buffer,
  sessionId: string,
  userId: string,
  username: string,
  nowMs: number,
  ttlMs: number,
): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(
    JSON.stringify({
      sid: sessionId,
      username,
      sub: userId,
      iss: 'procura',
      iat: Math.floor(nowMs / 1000),
      exp: Math.floor((nowMs + ttlMs) / 1000),
    }),
  );
  const signature = createHmac('sha256', key).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** BIDDERS qualified suppliers, each with one user (supplier1's roles) and an open session. */
export async function seedBidders(
  databaseUrl: string,
  BIDDERS: number,
): Promise<{ supplierIds: string[]; tokens: string[] }> {
  const sql = await openSql(databaseUrl);
  try {
    const [supplier] = await sql.all('SELECT * FROM supplier WHERE name = ?', ['华东精密机械有限公司']);
    const [user] = await sql.all('SELECT * FROM sys_user WHERE username = ?', ['supplier1']);
    if (!supplier || !user) throw new Error('the demo supplier or supplier1 is missing (SEED_DEMO)');
    const roles = await sql.all('SELECT role_id FROM sys_user_role WHERE user_id = ?', [user.id]);
    const [secret] = await sql.all('SELECT config_value FROM sys_config WHERE config_key = ?', ['jwt_secret']);
    const key = Buffer.from(String(secret!.config_value), 'base64url');
    const now = Date.now();
    const ttl = 7 * 24 * 3600_000;
    const hex = () => randomUUID().replaceAll('-', '');
    const supplierIds: string[] = [];
    const tokens: string[] = [];
    const suppliers: Row[] = [];
    const users: Row[] = [];
    const userRoles: Row[] = [];
    const sessions: Row[] = [];
    for (let i = 1; i <= BIDDERS; i++) {
      const supplierId = hex();
      const userId = hex();
      const sessionId = hex();
      const username = `bidder${i}`;
      supplierIds.push(supplierId);
      suppliers.push({
        ...supplier,
        id: supplierId,
        code: `SUP-B-${i}`,
        name: `竞价压测供应商${i}`,
        uscc: null,
        phone: null,
        email: null,
        status: 'QUALIFIED',
        info_status: 'APPROVED',
      });
      users.push({
        ...user,
        id: userId,
        username,
        realname: `压测用户${i}`,
        phone: null,
        email: null,
        work_no: null,
        supplier_id: supplierId,
      });
      for (const r of roles) userRoles.push({ id: hex(), user_id: userId, role_id: r.role_id });
      sessions.push({
        id: sessionId,
        user_id: userId,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + ttl).toISOString(),
        revoked_at: null,
        closing_at: null,
        ip: '127.0.0.1',
        user_agent: 'auction-bench',
      });
      tokens.push(signToken(key, sessionId, userId, username, now, ttl));
    }
    await sql.insert('supplier', suppliers);
    await sql.insert('sys_user', users);
    await sql.insert('sys_user_role', userRoles);
    await sql.insert('sys_session', sessions);
    return { supplierIds, tokens };
  } finally {
    await sql.close();
  }
}
