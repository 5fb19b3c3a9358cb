import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Big tables (issue 15): an import that reports its progress and a per-field error report,
 * nothing written when it fails midway, the export read in keyset batches, and deep list
 * pages (a deferred join, or from the end) that match the order of the first pages. Small
 * sizes here; the volume bench measures the big ones.
 */
let s: TestServer;
let admin: string;
let buyer: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
});
afterAll(async () => s?.close());

type Answer<T = Record<string, unknown>> = { success: boolean; code: number; message: string; result: T };
type JobState = {
  done: boolean;
  phase: string;
  phaseText: string;
  processed: number;
  total: number;
  percent: number;
  answer: Answer<{
    successCount: number;
    errorCount: number;
    fileUrl?: string;
    errors?: { row: number; fields: { field: string | null; message: string }[] }[];
  }> | null;
};

async function workbook(rows: unknown[][]): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('职务');
  sheet.addRow(['职务编码*', '职务名称*', '职级']);
  for (const row of rows) sheet.addRow(row);
  return new Blob([await book.xlsx.writeBuffer()]);
}

async function post(file: Blob, query = '?progress=1', token = admin): Promise<Answer> {
  const form = new FormData();
  form.append('file', file, 'positions.xlsx');
  const res = await fetch(`${s.base}/sys/position/importExcel${query}`, {
    method: 'POST',
    headers: { 'X-Access-Token': token },
    body: form,
  });
  return (await res.json()) as Answer;
}

/** Polls the job until it ends; every state seen along the way. */
async function follow(jobId: string, token = admin): Promise<JobState[]> {
  const states: JobState[] = [];
  for (let i = 0; i < 600; i++) {
    const res = await s.request<JobState>('GET', `/sys/common/importJob/${jobId}`, { token });
    expect(res.body.success).toBe(true);
    states.push(res.body.result);
    if (res.body.result.done) return states;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import job did not end');
}

const codesLike = async (prefix: string) =>
  (await s.ctx.db.selectFrom('sysPosition').select('code').where('code', 'like', `${prefix}%`).execute()).map(
    (r) => r.code,
  );

describe('import with progress (issue 15)', () => {
  it('answers with a job, reports its phases, and ends with JeecgBoot answer and a row/field/message report', async () => {
    await s.request('POST', '/sys/position/add', { token: admin, body: { code: 'BT-TAKEN', name: '已有职务' } });
    const rows: unknown[][] = Array.from({ length: 1500 }, (_, i) => [`BT-${i}`, `批量职务${i}`, 'P2']);
    rows[9] = ['BT-TAKEN', '与已有重复', 'P1']; // sheet row 11
    rows[19] = ['BT-5', '与第7行重复', 'P1']; // sheet row 21
    rows[29] = ['BT-29', '', 'P9']; // sheet row 31: no name, a rank outside the dictionary
    const started = await post(await workbook(rows));
    expect(started).toMatchObject({ success: true, code: 200 });
    const jobId = (started.result as { jobId: string }).jobId;
    expect(jobId).toMatch(/^[0-9a-f]{32}$/);

    // Only the importer follows the job.
    expect((await s.request('GET', `/sys/common/importJob/${jobId}`, { token: buyer })).status).toBe(404);
    const states = await follow(jobId);
    const last = states.at(-1)!;
    expect(last).toMatchObject({ done: true, percent: 100 });
    for (const st of states) expect(st.percent).toBeGreaterThanOrEqual(0);
    expect(last.answer).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: { successCount: 1497, errorCount: 3 },
    });
    expect(last.answer!.result.errors!.map((e) => e.row)).toEqual([11, 21, 31]);
    expect(last.answer!.result.errors![0]!.fields).toEqual([{ field: '职务编码', message: '职务编码已存在' }]);
    expect(last.answer!.result.errors![1]!.fields).toEqual([{ field: '职务编码', message: '职务编码与第7行重复' }]);
    expect(last.answer!.result.errors![2]!.fields.map((f) => f.field)).toContain('职务名称');

    const report = await fetch(`${s.base}${last.answer!.result.fileUrl}`, { headers: { 'X-Access-Token': admin } });
    const text = await report.text();
    expect(text).toContain('第11行 职务编码：职务编码已存在');
    expect(text).toContain('第21行 职务编码：职务编码与第7行重复');
    expect(text).toMatch(/第31行 职务名称：/);
    expect((await codesLike('BT-')).length).toBe(1497 + 1);
  });

  it('a failure while writing leaves none of the file written; the job ends with the refusal', async () => {
    // A database failure on the file's last row, after the earlier statements of its transaction ran.
    if (s.ctx.kind === 'sqlite') {
      await sql`create trigger bt_boom before insert on sys_position when new.code = 'BOOM-LAST'
        begin select raise(abort, 'boom'); end`.execute(s.ctx.db);
    } else {
      await sql`create function bt_boom() returns trigger language plpgsql as
        $$ begin if new.code = 'BOOM-LAST' then raise exception 'boom'; end if; return new; end $$`.execute(s.ctx.db);
      await sql`create trigger bt_boom before insert on sys_position for each row execute function bt_boom()`.execute(
        s.ctx.db,
      );
    }
    try {
      const rows: unknown[][] = Array.from({ length: 1200 }, (_, i) => [`BOOM-${i}`, `失败职务${i}`, 'P1']);
      rows.push(['BOOM-LAST', '最后一行', 'P1']);
      const started = await post(await workbook(rows));
      const last = (await follow((started.result as { jobId: string }).jobId)).at(-1)!;
      expect(last.answer).toMatchObject({ success: false, message: '导入失败，未写入任何数据' });
      expect(await codesLike('BOOM-')).toEqual([]);
    } finally {
      await sql`drop trigger ${sql.id('bt_boom')}${s.ctx.kind === 'sqlite' ? sql`` : sql` on sys_position`}`.execute(
        s.ctx.db,
      );
    }
  });

  it('without progress=1 the import answers when done, as JeecgBoot does', async () => {
    const answer = await post(
      await workbook([
        ['BT-SYNC-1', '同步一', 'P1'],
        ['BT-SYNC-2', '同步二', 'P3'],
      ]),
      '',
    );
    expect(answer).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：2' });
    expect((await codesLike('BT-SYNC-')).sort()).toEqual(['BT-SYNC-1', 'BT-SYNC-2']);
  });

  it('an unknown or foreign job id is 404, a malformed one 400', async () => {
    expect((await s.request('GET', `/sys/common/importJob/${'0'.repeat(32)}`, { token: admin })).status).toBe(404);
    expect((await s.request('GET', '/sys/common/importJob/x', { token: admin })).status).toBe(400);
  });
});

describe('streamed export and deep pages (issue 15)', () => {
  async function exportedCodes(query: string): Promise<string[]> {
    const res = await fetch(`${s.base}/sys/position/exportXls${query}`, { headers: { 'X-Access-Token': admin } });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const codes: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(1).value));
    });
    return codes;
  }

  it('exports every row once, in the list order, across keyset batches, NULL sort keys included', async () => {
    // Over one batch (2,000 rows), many sharing a create time; a third without a rank.
    const rows = Array.from({ length: 2600 }, (_, i) => [
      `EX-${i}`,
      `导出职务${i}`,
      i % 3 === 0 ? '' : `P${1 + (i % 5)}`,
    ]);
    const answer = await post(await workbook(rows), '');
    expect(answer).toMatchObject({ success: true, code: 200 });
    const total = (await s.request<PageResult<unknown>>('GET', '/sys/position/list?pageSize=1', { token: admin })).body
      .result.total;
    for (const query of ['', '?column=postRank&order=asc', '?column=postRank&order=desc', '?column=code&order=asc']) {
      const codes = await exportedCodes(query);
      expect(codes.length, query).toBe(total);
      expect(new Set(codes).size, query).toBe(total);
      // The list pages give the same order: the first page, a deferred-join page, a page from the end.
      const size = 50;
      for (const pageNo of [1, 25, Math.ceil(total / size) - 2, Math.ceil(total / size)]) {
        const sep = query ? '&' : '?';
        const page = await s.request<PageResult<{ code: string }>>(
          'GET',
          `/sys/position/list${query}${sep}pageNo=${pageNo}&pageSize=${size}`,
          { token: admin },
        );
        expect(
          page.body.result.records.map((r) => r.code),
          `${query} page ${pageNo}`,
        ).toEqual(codes.slice((pageNo - 1) * size, pageNo * size));
      }
    }
    // Ascending by code is the codes' own order.
    const byCode = await exportedCodes('?column=code&order=asc');
    expect(byCode).toEqual([...byCode].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('an export failing after its first batch aborts the answer: the client never gets a shorter, valid file', async () => {
    // Each keyset batch reads the dictionary texts of its rows; the second batch's read fails.
    const dicts = s.ctx.dicts as { textMaps: typeof s.ctx.dicts.textMaps };
    const textMaps = dicts.textMaps;
    let batches = 0;
    dicts.textMaps = (...args) =>
      ++batches === 2 ? Promise.reject(new Error('lost mid-export')) : textMaps.apply(dicts, args);
    try {
      const res = await fetch(`${s.base}/sys/position/exportXls`, { headers: { 'X-Access-Token': admin } });
      await expect(res.arrayBuffer()).rejects.toThrow();
      expect(batches).toBe(2);
    } finally {
      dicts.textMaps = textMaps;
    }
  });

  it('an export whose first batch fails answers a JSON error, not a 200 with a cut-off file', async () => {
    const dicts = s.ctx.dicts as { textMaps: typeof s.ctx.dicts.textMaps };
    const textMaps = dicts.textMaps;
    dicts.textMaps = () => Promise.reject(new Error('lost before the first row'));
    try {
      const res = await fetch(`${s.base}/sys/position/exportXls`, { headers: { 'X-Access-Token': admin } });
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await res.json()) as { success: boolean }).toMatchObject({ success: false });
    } finally {
      dicts.textMaps = textMaps;
    }
  });

  it('a page past the end is empty; the user list pages deep the same way', async () => {
    const beyond = await s.request<PageResult<unknown>>('GET', '/sys/position/list?pageNo=100000&pageSize=50', {
      token: admin,
    });
    expect(beyond.body.result.records).toEqual([]);
    const users = await s.request<PageResult<{ id: string }>>('GET', '/sys/user/list?pageSize=1', { token: admin });
    expect(users.body.result.total).toBeGreaterThan(1);
  });
});
