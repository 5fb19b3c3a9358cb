import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_APPROVAL_MESSAGE } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { serverNowIso } from '../src/core/clock.js';
import { createUser } from '../src/seed/seed.js';
import { demoTokens, startTestServer, twoDemoSuppliers, type TestServer } from './harness.js';

/** Domain §4.3: the admission review with drafts, steps, waivers, decisions, SMP-3 sample link, site audit, 转正, QLF-1, QLF-2, QLF-4, QLF-5, X-10, X-11, SUP-6. */
let s: TestServer;
const t = { admin: '', buyer: '', supplier1: '', supplier2: '', mgr: '' };
let sup1 = '';
let sup2 = '';
let materialId = '';
const reviewIds = { raw: '', machinery: '' };
const DAY = 86_400_000;
const future = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer();
  await createUser(s.ctx.db, { username: 'mgr1', realname: '采购经理', password: 'Manager@2026', roleCode: 'admin' });
  const db = s.ctx.db;
  ({ approvedId: sup1, freshId: sup2 } = await twoDemoSuppliers(s));
  [t.admin, t.buyer, t.supplier1, t.supplier2] = await demoTokens(s);
  t.mgr = await s.login('mgr1', 'Manager@2026');
  materialId = (
    await db.selectFrom('srmMaterial').select('id').where('status', '=', 'ACTIVE').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => s?.close());

const post = (token: string, url: string, body: unknown) =>
  s.request<{ id: string }>('POST', `/supplier/admissionReview/${url}`, { token, body });
const review = (id: string) =>
  s.ctx.db.selectFrom('supplierAdmissionReview').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const stepOf = async (id: string, step: string) =>
  (
    JSON.parse((await review(id)).steps) as { step: string; result: string; comment: string; evidence: string | null }[]
  ).find((x) => x.step === step)!;
const category = async (code: string) =>
  (
    await s.ctx.db
      .selectFrom('supplierCategory')
      .select('status')
      .where('supplierId', '=', sup2)
      .where('categoryCode', '=', code)
      .executeTakeFirstOrThrow()
  ).status;
const taskOf = async (docId: string) =>
  s.ctx.db
    .selectFrom('approvalTask as t')
    .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
    .select('t.id')
    .where('i.docId', '=', docId)
    .where('t.decision', '=', 'PENDING')
    .executeTakeFirstOrThrow();
const approval = (token: string, action: 'approve' | 'reject', taskId: string, comment: string) =>
  s.request('POST', `/approval/task/${action}`, { token, body: { taskId, comment } });
const sample = (action: string, body: unknown, token: string) =>
  s.request<{ id: string }>('POST', `/srm/sampleRequest/${action}`, { token, body });

/** A sample request to supplier2, linked to the review and moved up to RECEIVED. */
async function receivedSample(reviewId: string): Promise<string> {
  const add = await sample(
    'add',
    {
      supplierId: sup2,
      materialId,
      purpose: 'ADMISSION',
      qty: '5',
      unit: 'PCS',
      requiredBy: future(7),
      receiverName: '王工',
      receiverPhone: '13800000000',
      receiveAddress: '上海市浦东新区张江路1号',
    },
    t.buyer,
  );
  expect(add.body.success, add.body.message).toBe(true);
  const id = add.body.result.id;
  expect((await post(t.buyer, 'linkSample', { id: reviewId, sampleId: id })).body).toMatchObject({
    success: true,
    message: '送样申请已关联',
  });
  for (const [action, body, who] of [
    ['send', { id }, t.buyer],
    ['confirm', { id }, t.supplier2],
    ['ship', { id, shipMethod: 'EXPRESS', carrier: '顺丰速运', trackingNo: 'SF1234567890' }, t.supplier2],
    ['receive', { id, receivedQty: '5' }, t.buyer],
  ] as const)
    expect((await sample(action, body, who)).body, action).toMatchObject({ success: true });
  return id;
}

describe('opening a review (§4.3, QLF-5)', () => {
  it('§4.3: refused for a supplier that is not POTENTIAL or QUALIFIED, and to a supplier user (403)', async () => {
    expect((await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'RAW_MATERIAL' })).body).toMatchObject({
      success: false,
      message: '只有潜在或合格供应商可以发起准入评审',
    });
    expect((await post(t.supplier1, 'open', { supplierId: sup1, categoryCode: 'RAW_MATERIAL' })).status).toBe(403);
    // From here supplier2 is a potential supplier applying for two categories.
    await s.ctx.db
      .updateTable('supplier')
      .set({ status: 'POTENTIAL', infoStatus: 'APPROVED' })
      .where('id', '=', sup2)
      .execute();
    for (const categoryCode of ['RAW_MATERIAL', 'MACHINERY'])
      await s.ctx.db
        .insertInto('supplierCategory')
        .values({
          id: newId(),
          supplierId: sup2,
          categoryCode,
          status: 'APPLYING',
          qualifiedAt: null,
          suspendedAt: null,
          sourceRequestId: null,
          createTime: serverNowIso(),
          updateTime: null,
        })
        .execute();
  });

  it('§4.3: refused for a category not applied for or already QUALIFIED', async () => {
    expect((await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'OFFICE' })).body).toMatchObject({
      success: false,
      message: '供应商未申请供应该品类',
    });
    expect((await post(t.buyer, 'open', { supplierId: sup1, categoryCode: 'MACHINERY' })).body).toMatchObject({
      success: false,
      message: '只有申请中或已终止的品类可以发起准入评审',
    });
  });

  it('QLF-5: one open review per supplier and category', async () => {
    const res = await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'RAW_MATERIAL', sample: true });
    expect(res.body).toMatchObject({ success: true, message: '准入评审已发起' });
    reviewIds.raw = res.body.result.id;
    const r = await review(reviewIds.raw);
    expect(r).toMatchObject({ status: 'IN_REVIEW', reviewType: 'NEW_ADMISSION' });
    expect(r.code).toMatch(/^ADM-/);
    expect(JSON.parse(r.steps).map((x: { step: string; result: string }) => [x.step, x.result])).toEqual([
      ['DOCUMENTS', 'PENDING'],
      ['QUESTIONNAIRE', 'PENDING'],
      ['SAMPLE', 'PENDING'],
    ]);
    const again = await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'RAW_MATERIAL' });
    expect(again.body).toMatchObject({
      success: false,
      message: `该品类已有进行中的准入评审 ${r.code}`,
      rules: ['QLF-5'],
    });
  });
});

describe('steps (QLF-2, SMP-3)', () => {
  it('QLF-2: a step needs a result and a comment; the SAMPLE step is not marked by hand; a step not in the review is refused', async () => {
    expect(
      (await post(t.buyer, 'step', { id: reviewIds.raw, step: 'DOCUMENTS', result: 'PASSED', comment: '' })).status,
    ).toBe(400);
    expect(
      (await post(t.buyer, 'step', { id: reviewIds.raw, step: 'SAMPLE', result: 'PASSED', comment: '看过了' })).body,
    ).toMatchObject({ success: false, message: '样品认证步骤由关联送样申请的测试结果决定', rules: ['SMP-3'] });
    expect(
      (await post(t.buyer, 'step', { id: reviewIds.raw, step: 'SITE_AUDIT', result: 'PASSED', comment: '现场良好' }))
        .body,
    ).toMatchObject({ success: false, message: '该准入评审不包含“现场评审”步骤' });
    expect(
      (
        await post(t.buyer, 'step', {
          id: reviewIds.raw,
          step: 'QUESTIONNAIRE',
          result: 'PASSED',
          comment: '已答',
          questionnaireId: 'nope',
        })
      ).body,
    ).toMatchObject({ success: false, message: '问卷不存在或不属于该供应商' });
    expect((await stepOf(reviewIds.raw, 'QUESTIONNAIRE')).result).toBe('PENDING');
  });

  it('QLF-2: submitting with PENDING steps is refused, naming them', async () => {
    const res = await post(t.buyer, 'submit', { id: reviewIds.raw });
    expect(res.body).toMatchObject({
      success: false,
      message: '以下步骤尚未通过，不能提交审批：资质文件审核（待评审）、调查问卷（待评审）、样品认证（待评审）',
      rules: ['QLF-2'],
    });
    expect((await review(reviewIds.raw)).status).toBe('IN_REVIEW');
  });

  it('SMP-3: a sample of another supplier cannot be linked; a FAIL test result fails the SAMPLE step and blocks submission', async () => {
    const other = await sample(
      'add',
      {
        supplierId: sup1,
        materialId,
        purpose: 'ADMISSION',
        qty: '1',
        unit: 'PCS',
        requiredBy: future(7),
        receiverName: '王工',
        receiverPhone: '13800000000',
        receiveAddress: '上海',
      },
      t.buyer,
    );
    expect(
      (await post(t.buyer, 'linkSample', { id: reviewIds.raw, sampleId: other.body.result.id })).body,
    ).toMatchObject({ success: false, message: '送样申请不是该供应商的' });
    const id = await receivedSample(reviewIds.raw);
    expect(
      await s.ctx.db
        .selectFrom('srmSampleRequest')
        .select(['sourceDocType', 'sourceDocId'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ sourceDocType: 'ADMISSION_REVIEW', sourceDocId: reviewIds.raw });
    expect((await sample('test', { id, testResult: 'FAIL', testReport: '硬度不达标' }, t.admin)).body).toMatchObject({
      success: true,
    });
    expect(await stepOf(reviewIds.raw, 'SAMPLE')).toMatchObject({
      result: 'FAILED',
      comment: '样品测试不合格：硬度不达标',
    });
    for (const step of ['DOCUMENTS', 'QUESTIONNAIRE'])
      expect(
        (await post(t.buyer, 'step', { id: reviewIds.raw, step, result: 'PASSED', comment: '符合要求' })).body,
      ).toMatchObject({ success: true, message: '评审结果已保存' });
    expect((await post(t.buyer, 'submit', { id: reviewIds.raw })).body).toMatchObject({
      success: false,
      message: '以下步骤未通过，只能提交“不通过”决定（或由经理豁免）：样品认证',
      rules: ['QLF-2'],
    });
  });

  it('SMP-3: a new linked sample tested PASS passes the SAMPLE step with the sample as its evidence', async () => {
    const id = await receivedSample(reviewIds.raw);
    expect(
      (await sample('test', { id, testResult: 'PASS', testReport: '尺寸、硬度均符合要求' }, t.admin)).body,
    ).toMatchObject({ success: true });
    const code = (
      await s.ctx.db.selectFrom('srmSampleRequest').select('code').where('id', '=', id).executeTakeFirstOrThrow()
    ).code;
    expect(await stepOf(reviewIds.raw, 'SAMPLE')).toMatchObject({ result: 'PASSED', evidence: code });
  });
});

describe('approval (X-10, QLF-1, SUP-6)', () => {
  it('X-10: submitted to the engine; the buyer is no approver, and QLF-1 refuses the approval without valid papers', async () => {
    expect((await post(t.buyer, 'submit', { id: reviewIds.raw })).body).toMatchObject({
      success: true,
      message: '准入评审已提交，等待审批',
    });
    expect((await review(reviewIds.raw)).status).toBe('PENDING_APPROVAL');
    expect(
      (await post(t.buyer, 'step', { id: reviewIds.raw, step: 'DOCUMENTS', result: 'FAILED', comment: '改主意' })).body,
    ).toMatchObject({ success: false, message: '只有评审中的准入评审可以记录步骤结果' });
    const task = await taskOf(reviewIds.raw);
    expect((await approval(t.buyer, 'approve', task.id, '')).body.success).toBe(false);
    const early = await approval(t.admin, 'approve', task.id, '同意');
    expect(early.body.success).toBe(false);
    expect(early.body.message).toContain('资质不满足准入要求');
    expect((await review(reviewIds.raw)).status).toBe('PENDING_APPROVAL');
    expect(await category('RAW_MATERIAL')).toBe('APPLYING');
  });

  it('QLF-1: with valid papers the manager approves; category and company QUALIFIED, logged with the review as source (SUP-6)', async () => {
    const expiry = future(365);
    for (const typeCode of ['BUSINESS_LICENSE', 'ISO9001'])
      await s.ctx.db
        .insertInto('supplierQualification')
        .values({
          id: newId(),
          supplierId: sup2,
          typeCode,
          certNo: `${typeCode}-1`,
          issuer: null,
          issueDate: null,
          expiryDate: expiry,
          scope: null,
          files: 'x.pdf',
          status: 'VALID',
          reviewedBy: 'buyer',
          reviewedAt: serverNowIso(),
          reviewComment: null,
          notifiedDays: null,
          createBy: 'supplier2',
          createTime: serverNowIso(),
          updateBy: null,
          updateTime: null,
        })
        .execute();
    const task = await taskOf(reviewIds.raw);
    expect((await approval(t.admin, 'approve', task.id, '同意准入')).body.success).toBe(true);
    expect(await review(reviewIds.raw)).toMatchObject({ status: 'APPROVED', decisionComment: '同意准入' });
    expect(await category('RAW_MATERIAL')).toBe('QUALIFIED');
    expect(
      (await s.ctx.db.selectFrom('supplier').select('status').where('id', '=', sup2).executeTakeFirstOrThrow()).status,
    ).toBe('QUALIFIED');
    const log = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .selectAll()
      .where('supplierId', '=', sup2)
      .where('sourceDocType', '=', 'ADMISSION_REVIEW')
      .orderBy('at')
      .orderBy('scope')
      .execute();
    expect(log.map((l) => [l.scope, l.categoryId, l.fromStatus, l.toStatus, l.sourceDocId])).toEqual([
      ['CATEGORY', 'RAW_MATERIAL', 'APPLYING', 'QUALIFIED', reviewIds.raw],
      ['COMPANY', null, 'POTENTIAL', 'QUALIFIED', reviewIds.raw],
    ]);
  });

  it('X-10: the submitter cannot approve; rejection leaves the standing unchanged and keeps the comment', async () => {
    const opened = await post(t.admin, 'open', { supplierId: sup2, categoryCode: 'MACHINERY' });
    reviewIds.machinery = opened.body.result.id;
    expect((await review(reviewIds.machinery)).reviewType).toBe('CATEGORY_EXTENSION');
    for (const step of ['DOCUMENTS', 'QUESTIONNAIRE'])
      await post(t.admin, 'step', { id: reviewIds.machinery, step, result: 'PASSED', comment: '符合' });
    expect((await post(t.admin, 'submit', { id: reviewIds.machinery })).body.success).toBe(true);
    // The approval's title names the category by its dictionary text, not its code (issue 19 #5).
    const { title } = await s.ctx.db
      .selectFrom('approvalInstance')
      .select('title')
      .where('docId', '=', reviewIds.machinery)
      .executeTakeFirstOrThrow();
    expect(title).toContain('（机械设备）');
    expect(title).not.toContain('MACHINERY');
    const task = await taskOf(reviewIds.machinery);
    expect((await approval(t.admin, 'approve', task.id, '')).body).toMatchObject({
      success: false,
      message: SELF_APPROVAL_MESSAGE,
    });
    const logsBefore = (
      await s.ctx.db.selectFrom('supplierStatusLog').select('id').where('supplierId', '=', sup2).execute()
    ).length;
    expect((await approval(t.mgr, 'reject', task.id, '产能不足')).body.success).toBe(true);
    expect(await review(reviewIds.machinery)).toMatchObject({ status: 'REJECTED', decisionComment: '产能不足' });
    expect(await category('MACHINERY')).toBe('APPLYING');
    expect(
      (await s.ctx.db.selectFrom('supplierStatusLog').select('id').where('supplierId', '=', sup2).execute()).length,
    ).toBe(logsBefore);
  });

  it('§4.3: cancel needs a reason and only a review in review; the buyer lists the reviews with their steps and samples', async () => {
    const opened = await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'MACHINERY', siteAudit: true });
    expect(opened.body.success, opened.body.message).toBe(true);
    expect((await post(t.buyer, 'cancel', { id: opened.body.result.id, reason: '' })).body).toMatchObject({
      success: false,
      message: '请填写取消原因',
    });
    expect((await post(t.buyer, 'cancel', { id: opened.body.result.id, reason: '供应商撤回' })).body).toMatchObject({
      success: true,
    });
    expect((await post(t.buyer, 'cancel', { id: reviewIds.raw, reason: '撤回' })).body).toMatchObject({
      success: false,
      message: '只有草稿或评审中的准入评审可以取消',
    });
    const list = await s.request<
      { code: string; status: string; steps: { step: string }[]; samples: { testResult: string }[] }[]
    >('GET', `/supplier/admissionReview/list?supplierId=${sup2}`, { token: t.buyer });
    expect(list.body.result.map((r) => r.status)).toEqual(['CANCELLED', 'REJECTED', 'APPROVED']);
    expect(list.body.result[2]!.samples.map((x) => x.testResult).sort()).toEqual(['FAIL', 'PASS']);
    expect(
      (await s.request('GET', `/supplier/admissionReview/list?supplierId=${sup2}`, { token: t.supplier2 })).status,
    ).toBe(403);
  });
});

describe('drafts, waivers and decisions (QLF-2, QLF-4, QLF-5, X-10)', () => {
  const ids = { office: '', service: '', officeAgain: '' };
  const standing = (code: string) =>
    s.ctx.db
      .selectFrom('supplierCategory')
      .select(['status', 'trialLimitAmount'])
      .where('supplierId', '=', sup2)
      .where('categoryCode', '=', code)
      .executeTakeFirstOrThrow();

  it('QLF-5: a draft is an open review: a second one (draft or not) is refused, also by the database index', async () => {
    for (const categoryCode of ['OFFICE', 'SERVICE'])
      await s.ctx.db
        .insertInto('supplierCategory')
        .values({
          id: newId(),
          supplierId: sup2,
          categoryCode,
          status: 'APPLYING',
          qualifiedAt: null,
          suspendedAt: null,
          sourceRequestId: null,
          createTime: serverNowIso(),
          updateTime: null,
        })
        .execute();
    const res = await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'OFFICE', draft: true });
    expect(res.body).toMatchObject({ success: true, message: '准入评审草稿已保存' });
    ids.office = res.body.result.id;
    const r = await review(ids.office);
    expect(r.status).toBe('DRAFT');
    for (const draft of [true, false])
      expect((await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'OFFICE', draft })).body).toMatchObject({
        success: false,
        message: `该品类已有进行中的准入评审 ${r.code}`,
        rules: ['QLF-5'],
      });
    const twin = { ...r, id: newId(), code: `${r.code}-X`, version: 1 };
    await expect(s.ctx.db.insertInto('supplierAdmissionReview').values(twin).execute()).rejects.toThrow();
  });

  it('§4.3: a draft records no step and is not submitted; its steps can be edited until 提交审核, then only steps are recorded', async () => {
    expect(
      (await post(t.buyer, 'step', { id: ids.office, step: 'DOCUMENTS', result: 'PASSED', comment: '有效' })).body,
    ).toMatchObject({ success: false, message: '只有评审中的准入评审可以记录步骤结果' });
    expect((await post(t.buyer, 'submit', { id: ids.office })).body).toMatchObject({
      success: false,
      message: '只有评审中的准入评审可以提交审批',
    });
    expect((await post(t.buyer, 'edit', { id: ids.office, sample: true })).body).toMatchObject({
      success: true,
      message: '评审步骤已保存',
    });
    expect(JSON.parse((await review(ids.office)).steps).map((x: { step: string }) => x.step)).toEqual([
      'DOCUMENTS',
      'QUESTIONNAIRE',
      'SAMPLE',
    ]);
    expect((await post(t.supplier2, 'startReview', { id: ids.office })).status).toBe(403);
    expect((await post(t.buyer, 'startReview', { id: ids.office })).body).toMatchObject({
      success: true,
      message: '准入评审已提交审核',
    });
    expect((await review(ids.office)).status).toBe('IN_REVIEW');
    expect((await post(t.buyer, 'startReview', { id: ids.office })).body).toMatchObject({
      success: false,
      message: '只有草稿状态的准入评审可以提交审核',
    });
    expect((await post(t.buyer, 'edit', { id: ids.office, sample: false })).body).toMatchObject({
      success: false,
      message: '只有草稿状态的准入评审可以修改评审步骤',
    });
  });

  it('§4.3: a draft is cancelled with a reason, which frees the category for a new review (QLF-5)', async () => {
    ids.service = (
      await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'SERVICE', draft: true })
    ).body.result.id;
    expect((await post(t.buyer, 'cancel', { id: ids.service, reason: '' })).body).toMatchObject({
      success: false,
      message: '请填写取消原因',
    });
    expect((await review(ids.service)).status).toBe('DRAFT');
    expect((await post(t.buyer, 'cancel', { id: ids.service, reason: '暂不引入' })).body).toMatchObject({
      success: true,
    });
    expect(await review(ids.service)).toMatchObject({ status: 'CANCELLED', decisionComment: '暂不引入' });
    expect((await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'SERVICE', draft: true })).body.success).toBe(
      true,
    );
  });

  it('QLF-2: only the manager waives, with a reason, a FAILED or PENDING step; a FAILED step not waived allows only REJECT', async () => {
    expect(
      (
        await post(t.buyer, 'step', {
          id: ids.office,
          step: 'DOCUMENTS',
          result: 'FAILED',
          comment: '营业执照副本缺失',
        })
      ).body.success,
    ).toBe(true);
    expect(
      (await post(t.buyer, 'step', { id: ids.office, step: 'QUESTIONNAIRE', result: 'PASSED', comment: '已答' })).body
        .success,
    ).toBe(true);
    expect((await post(t.buyer, 'waive', { id: ids.office, step: 'SAMPLE', reason: '免检' })).status).toBe(403);
    expect((await post(t.admin, 'waive', { id: ids.office, step: 'SAMPLE', reason: ' ' })).status).toBe(400);
    expect(
      (await post(t.admin, 'waive', { id: ids.office, step: 'QUESTIONNAIRE', reason: '无需' })).body,
    ).toMatchObject({ success: false, message: '只有未通过或待评审的步骤可以豁免' });
    expect((await stepOf(ids.office, 'SAMPLE')).result).toBe('PENDING');
    expect((await post(t.buyer, 'submit', { id: ids.office, decision: 'REJECT' })).body).toMatchObject({
      success: false,
      message: '以下步骤尚未通过，不能提交审批：样品认证（待评审）',
      rules: ['QLF-2'],
    });
    expect(
      (await post(t.admin, 'waive', { id: ids.office, step: 'SAMPLE', reason: '办公用品无需送样' })).body,
    ).toMatchObject({ success: true, message: '步骤已豁免' });
    expect(await stepOf(ids.office, 'SAMPLE')).toMatchObject({ result: 'WAIVED', comment: '豁免：办公用品无需送样' });
    for (const decision of ['APPROVE', 'CONDITIONAL'])
      expect(
        (await post(t.buyer, 'submit', { id: ids.office, decision, trialLimitAmount: '1000' })).body,
      ).toMatchObject({
        success: false,
        message: '以下步骤未通过，只能提交“不通过”决定（或由经理豁免）：资质文件审核',
        rules: ['QLF-2'],
      });
    expect((await review(ids.office)).status).toBe('IN_REVIEW');
  });

  it('§4.3, X-10: an approved REJECT decision moves the category from APPLYING to TERMINATED, logged with the review', async () => {
    expect((await post(t.buyer, 'submit', { id: ids.office, decision: 'REJECT' })).body).toMatchObject({
      success: true,
    });
    expect(await review(ids.office)).toMatchObject({
      status: 'PENDING_APPROVAL',
      decision: 'REJECT',
      trialLimitAmount: null,
    });
    expect((await approval(t.buyer, 'approve', (await taskOf(ids.office)).id, '')).body.success).toBe(false);
    expect((await approval(t.admin, 'approve', (await taskOf(ids.office)).id, '资质不全，不予准入')).body.success).toBe(
      true,
    );
    expect((await review(ids.office)).status).toBe('APPROVED');
    expect((await standing('OFFICE')).status).toBe('TERMINATED');
    const log = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .selectAll()
      .where('sourceDocId', '=', ids.office)
      .execute();
    expect(log.map((l) => [l.categoryId, l.fromStatus, l.toStatus, l.sourceDocType])).toEqual([
      ['OFFICE', 'APPLYING', 'TERMINATED', 'ADMISSION_REVIEW'],
    ]);
  });

  it('QLF-2, QLF-4: after a waiver the decision CONDITIONAL needs a trial limit; approval puts the category in TRIAL with the limit stored', async () => {
    ids.officeAgain = (await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'OFFICE' })).body.result.id;
    await post(t.buyer, 'step', {
      id: ids.officeAgain,
      step: 'DOCUMENTS',
      result: 'FAILED',
      comment: '缺少质量体系认证',
    });
    await post(t.buyer, 'step', { id: ids.officeAgain, step: 'QUESTIONNAIRE', result: 'PASSED', comment: '已答' });
    expect(
      (await post(t.admin, 'waive', { id: ids.officeAgain, step: 'DOCUMENTS', reason: '试用期内补交' })).body.success,
    ).toBe(true);
    expect(
      (await post(t.buyer, 'step', { id: ids.officeAgain, step: 'DOCUMENTS', result: 'PASSED', comment: '改' })).body,
    ).toMatchObject({ success: false, message: '“资质文件审核”步骤已豁免，不能再修改' });
    expect((await post(t.buyer, 'submit', { id: ids.officeAgain, decision: 'CONDITIONAL' })).body).toMatchObject({
      success: false,
      message: '有条件通过须填写大于0的试用限额',
      rules: ['QLF-4'],
    });
    expect(
      (await post(t.buyer, 'submit', { id: ids.officeAgain, decision: 'CONDITIONAL', trialLimitAmount: '0' })).body,
    ).toMatchObject({ success: false, message: '有条件通过须填写大于0的试用限额', rules: ['QLF-4'] });
    expect(
      (await post(t.buyer, 'submit', { id: ids.officeAgain, decision: 'CONDITIONAL', trialLimitAmount: '1.234' }))
        .status,
    ).toBe(400);
    expect((await post(t.buyer, 'submit', { id: ids.officeAgain, decision: 'MAYBE' })).status).toBe(400);
    expect((await review(ids.officeAgain)).status).toBe('IN_REVIEW');
    expect(
      (await post(t.buyer, 'submit', { id: ids.officeAgain, decision: 'CONDITIONAL', trialLimitAmount: '50000' })).body,
    ).toMatchObject({ success: true });
    expect(await review(ids.officeAgain)).toMatchObject({
      status: 'PENDING_APPROVAL',
      decision: 'CONDITIONAL',
      trialLimitAmount: '50000.00',
    });
    expect((await approval(t.admin, 'approve', (await taskOf(ids.officeAgain)).id, '同意试用')).body.success).toBe(
      true,
    );
    expect(await standing('OFFICE')).toEqual({ status: 'TRIAL', trialLimitAmount: '50000.00' });
    const log = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .selectAll()
      .where('sourceDocId', '=', ids.officeAgain)
      .orderBy('at')
      .execute();
    expect(log.map((l) => [l.categoryId, l.fromStatus, l.toStatus])).toEqual([
      ['OFFICE', 'TERMINATED', 'APPLYING'],
      ['OFFICE', 'APPLYING', 'TRIAL'],
    ]);
    const detail = await s.request<{
      categories: { categoryCode: string; status: string; trialLimitAmount: string | null }[];
    }>('GET', `/supplier/queryById?id=${sup2}`, { token: t.buyer });
    expect(detail.body.result.categories.find((c) => c.categoryCode === 'OFFICE')).toMatchObject({
      status: 'TRIAL',
      trialLimitAmount: '50000.00',
    });
    const list = await s.request<{ id: string; decision: string; trialLimitAmount: string }[]>(
      'GET',
      `/supplier/admissionReview/list?supplierId=${sup2}`,
      { token: t.buyer },
    );
    expect(list.body.result.find((r) => r.id === ids.officeAgain)).toMatchObject({
      decision: 'CONDITIONAL',
      trialLimitAmount: '50000.00',
    });
  });
});

describe('site audit (§4.1 SiteAudit, QLF-2, X-11)', () => {
  let reviewId = '';
  let buyerId = '';
  let adminId = '';
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const audit = () => s.ctx.db.selectFrom('supplierSiteAudit').selectAll().where('reviewId', '=', reviewId).execute();
  const record = (token: string, body: Record<string, unknown>) =>
    post(token, 'siteAudit', {
      reviewId,
      auditDate: today,
      address: '苏州市工业园区星湖街1号',
      members: [buyerId],
      supplierEscort: '张厂长',
      score: 85,
      result: 'PASS',
      ...body,
    });
  const uploadAs = async (token: string, name: string) => {
    const form = new FormData();
    form.append('biz', 'supplier');
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.from(`%PDF-1.4\n${name}\n`))], { type: 'application/pdf' }),
      name,
    );
    const res = await fetch(`${s.base}/sys/common/upload`, {
      method: 'POST',
      body: form,
      headers: { 'X-Access-Token': token },
    });
    return ((await res.json()) as { message: string }).message;
  };
  const read = (path: string, token: string) =>
    fetch(`${s.base}/sys/common/static/${path}`, { headers: { 'X-Access-Token': token } });

  it('QLF-2: the SITE_AUDIT step is set by the audit record, not by hand; bad input and a supplier user change nothing', async () => {
    const userId = async (username: string) =>
      (await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    [buyerId, adminId] = [await userId('buyer'), await userId('admin')];
    const opened = await post(t.buyer, 'open', { supplierId: sup2, categoryCode: 'MACHINERY', siteAudit: true });
    expect(opened.body.success, opened.body.message).toBe(true);
    reviewId = opened.body.result.id;
    expect(
      (await post(t.buyer, 'step', { id: reviewId, step: 'SITE_AUDIT', result: 'PASSED', comment: '现场良好' })).body,
    ).toMatchObject({ success: false, message: '现场评审步骤由现场评审记录的结论决定，请记录现场评审' });
    expect((await record(t.supplier2, {})).status).toBe(403);
    expect((await record(t.buyer, { score: 101 })).status).toBe(400);
    expect((await record(t.buyer, { members: [] })).status).toBe(400);
    expect((await record(t.buyer, { address: ' ' })).status).toBe(400);
    const supplierUser = await userId('supplier2');
    expect((await record(t.buyer, { members: [buyerId, supplierUser] })).body).toMatchObject({
      success: false,
      message: '评审成员须为内部用户',
    });
    expect((await record(t.buyer, { result: 'FAIL', findings: '' })).body).toMatchObject({
      success: false,
      message: '有条件通过或不通过须填写发现的问题',
    });
    expect((await record(t.buyer, { auditDate: '2999-01-01' })).body).toMatchObject({
      success: false,
      message: '评审日期不能晚于今天',
    });
    expect((await record(t.buyer, { checklistTemplateId: 'nope' })).body).toMatchObject({
      success: false,
      message: '检查表模板不存在',
    });
    const othersFile = await uploadAs(t.admin, '他人文件.pdf');
    expect((await record(t.buyer, { files: othersFile })).body).toMatchObject({
      success: false,
      message: '附件不存在，请重新上传',
    });
    const cancelledAudit = (
      await s.ctx.db
        .selectFrom('supplierAdmissionReview')
        .select('id')
        .where('supplierId', '=', sup2)
        .where('status', '=', 'CANCELLED')
        .where('categoryCode', '=', 'MACHINERY')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await post(t.buyer, 'siteAudit', {
          reviewId: cancelledAudit,
          auditDate: today,
          address: '苏州',
          members: [buyerId],
          score: 80,
          result: 'PASS',
        })
      ).body,
    ).toMatchObject({ success: false, message: '只有评审中的准入评审可以记录现场评审' });
    expect(await audit()).toEqual([]);
    expect((await stepOf(reviewId, 'SITE_AUDIT')).result).toBe('PENDING');
  });

  it('QLF-2: a FAIL audit fails the step: only REJECT can then be submitted', async () => {
    for (const step of ['DOCUMENTS', 'QUESTIONNAIRE'])
      await post(t.buyer, 'step', { id: reviewId, step, result: 'PASSED', comment: '符合' });
    expect(
      (await record(t.buyer, { score: 42, result: 'FAIL', findings: '无防尘车间，来料检验缺失' })).body,
    ).toMatchObject({ success: true, message: '现场评审已记录' });
    expect(await stepOf(reviewId, 'SITE_AUDIT')).toMatchObject({
      result: 'FAILED',
      comment: '现场评审不通过，得分 42：无防尘车间，来料检验缺失',
      evidence: `现场评审记录 ${today}`,
    });
    expect((await post(t.buyer, 'submit', { id: reviewId, decision: 'APPROVE' })).body).toMatchObject({
      success: false,
      message: '以下步骤未通过，只能提交“不通过”决定（或由经理豁免）：现场评审',
      rules: ['QLF-2'],
    });
  });

  it('§4.1: re-recording edits the one audit; CONDITIONAL passes the step and suggests 有条件通过; the review card lists the audit with member names', async () => {
    const report = await uploadAs(t.buyer, '现场评审报告.pdf');
    const res = await record(t.buyer, {
      members: [buyerId, adminId, buyerId],
      score: 78,
      result: 'CONDITIONAL',
      findings: '来料检验待完善，三个月内整改',
      files: report,
    });
    expect(res.body).toMatchObject({ success: true, message: '现场评审已更新' });
    const rows = await audit();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      score: 78,
      result: 'CONDITIONAL',
      members: `${buyerId},${adminId}`,
      files: report,
      supplierEscort: '张厂长',
      version: 2,
    });
    expect(await stepOf(reviewId, 'SITE_AUDIT')).toMatchObject({
      result: 'PASSED',
      comment: '现场评审有条件通过，得分 78：来料检验待完善，三个月内整改',
    });
    const list = await s.request<
      {
        id: string;
        suggestedDecision: string | null;
        siteAudit: { score: number; result: string; memberNames: string[]; files: string } | null;
      }[]
    >('GET', `/supplier/admissionReview/list?supplierId=${sup2}`, { token: t.buyer });
    const card = list.body.result.find((r) => r.id === reviewId)!;
    expect(card.suggestedDecision).toBe('CONDITIONAL');
    expect(card.siteAudit).toMatchObject({ score: 78, result: 'CONDITIONAL', files: report });
    expect(card.siteAudit!.memberNames).toHaveLength(2);
    const options = await s.request<{ users: { username: string }[] }>(
      'GET',
      '/supplier/admissionReview/siteAuditOptions',
      { token: t.buyer },
    );
    expect(options.body.result.users.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'buyer']));
    expect(options.body.result.users.map((u) => u.username)).not.toContain('supplier2');
  });

  it('X-11: the audited supplier reads the audit files; another supplier does not', async () => {
    const report = (await audit())[0]!.files!;
    expect((await read(report, t.supplier2)).status).toBe(200);
    expect((await read(report, t.supplier1)).status).toBe(404);
  });

  it('QLF-2: once the review left IN_REVIEW the audit can no longer be changed', async () => {
    expect(
      (await post(t.buyer, 'submit', { id: reviewId, decision: 'CONDITIONAL', trialLimitAmount: '30000' })).body
        .success,
    ).toBe(true);
    expect((await record(t.buyer, { result: 'PASS' })).body).toMatchObject({
      success: false,
      message: '只有评审中的准入评审可以记录现场评审',
    });
    expect((await audit())[0]!.result).toBe('CONDITIONAL');
  });
});

describe('转正: TRIAL → QUALIFIED by a manager (§4.1, QLF-1, SUP-6)', () => {
  const qualify = (token: string, categoryCode: string, reason: string) =>
    s.request('POST', '/supplier/category/qualify', { token, body: { id: sup2, categoryCode, reason } });
  const standing = (code: string) =>
    s.ctx.db
      .selectFrom('supplierCategory')
      .select(['status', 'trialLimitAmount'])
      .where('supplierId', '=', sup2)
      .where('categoryCode', '=', code)
      .executeTakeFirstOrThrow();

  it('QLF-1: refused to a buyer (403), without a reason, for a category not in TRIAL, and while a required qualification is missing', async () => {
    await s.ctx.db
      .insertInto('supplierCategory')
      .values({
        id: newId(),
        supplierId: sup2,
        categoryCode: 'ELECTRONICS',
        status: 'TRIAL',
        trialLimitAmount: '20000.00',
        qualifiedAt: serverNowIso(),
        suspendedAt: null,
        sourceRequestId: null,
        createTime: serverNowIso(),
        updateTime: null,
      })
      .execute();
    expect((await qualify(t.buyer, 'ELECTRONICS', '试用良好')).status).toBe(403);
    expect((await qualify(t.admin, 'ELECTRONICS', '')).body).toMatchObject({ success: false, message: '请填写原因' });
    expect((await qualify(t.admin, 'RAW_MATERIAL', '试用良好')).body).toMatchObject({
      success: false,
      message: '品类准入当前状态为“合格”，不能转正',
    });
    const missing = await qualify(t.admin, 'ELECTRONICS', '试用良好');
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toContain('资质不满足准入要求');
    expect(await standing('ELECTRONICS')).toEqual({ status: 'TRIAL', trialLimitAmount: '20000.00' });
  });

  it('QLF-1: with every required qualification valid the category becomes QUALIFIED, the cap is dropped, the change logged and the supplier notified; a POTENTIAL company becomes QUALIFIED', async () => {
    await s.ctx.db.updateTable('supplier').set({ status: 'POTENTIAL' }).where('id', '=', sup2).execute();
    const res = await qualify(t.admin, 'OFFICE', '试用期订单交付良好');
    expect(res.body).toMatchObject({ success: true, message: '已转正' });
    expect(await standing('OFFICE')).toEqual({ status: 'QUALIFIED', trialLimitAmount: null });
    expect(
      (await s.ctx.db.selectFrom('supplier').select('status').where('id', '=', sup2).executeTakeFirstOrThrow()).status,
    ).toBe('QUALIFIED');
    const log = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .selectAll()
      .where('supplierId', '=', sup2)
      .where('sourceDocType', '=', 'CATEGORY_QUALIFY')
      .orderBy('scope')
      .execute();
    expect(log.map((l) => [l.scope, l.categoryId, l.fromStatus, l.toStatus, l.reason])).toEqual([
      ['CATEGORY', 'OFFICE', 'TRIAL', 'QUALIFIED', '试用期订单交付良好'],
      ['COMPANY', null, 'POTENTIAL', 'QUALIFIED', '首个品类转正'],
    ]);
    const supplierUser = (
      await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'supplier2').executeTakeFirstOrThrow()
    ).id;
    const notice = await s.ctx.db
      .selectFrom('sysAnnouncement as a')
      .innerJoin('sysAnnouncementSend as r', 'r.anntId', 'a.id')
      .select('a.titile')
      .where('r.userId', '=', supplierUser)
      .where('a.titile', '=', '品类试用转正')
      .executeTakeFirst();
    expect(notice).toBeDefined();
    expect((await qualify(t.admin, 'OFFICE', '再转一次')).body).toMatchObject({
      success: false,
      message: '品类准入当前状态为“合格”，不能转正',
    });
  });
});
