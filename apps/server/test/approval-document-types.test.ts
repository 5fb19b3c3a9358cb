import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalDocumentDetail } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { serverNowIso } from '../src/core/clock.js';
import { approvalDocType } from '../src/modules/approval/index.js';
import { sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';
import { draftTender, tenderWorld, type TenderWorld } from './tender-bid-fixture.js';

/**
 * Issue 19 item 1: the approval types that linked to their page now describe their document in
 * 审批中心 (准入评审 §4.3, 配额 §14, 招标发布 §11.2, 评估发布 EVA-5), through the one table helper.
 */
let w: TenderWorld;
const viewer = { id: 'viewer', tenantId: 0 };
const detailOf = async (docType: string, id: string): Promise<ApprovalDocumentDetail> => {
  const d = await approvalDocType(docType)!.detail!({ db: w.s.ctx.db, dicts: w.s.ctx.dicts, viewer }, id);
  expect(d).not.toBeNull();
  return d!;
};
const field = (d: ApprovalDocumentDetail, label: string) => d.fields.find((f) => f.label === label)?.value;
const table = (d: ApprovalDocumentDetail, title: string) => d.tables.find((t) => t.title === title)!;

beforeAll(async () => {
  w = await tenderWorld((await sourcingWorld()) as SourcingWorld);
});
afterAll(async () => w?.close());

describe('the approval detail of each remaining document type (X-10)', () => {
  it('§4.3 admission review: supplier, category, proposed decision, each step with its result and evidence, certificates', async () => {
    const db = w.s.ctx.db;
    const id = newId();
    const supplierId = w.supId[1];
    const steps = [
      { step: 'DOCUMENTS', result: 'PASSED', comment: '营业执照齐全', evidence: null, by: null, at: serverNowIso() },
      { step: 'QUESTIONNAIRE', result: 'WAIVED', comment: '老供应商免问卷', evidence: 'QN-001', by: null, at: null },
    ];
    const file = `qualification/${newId()}.pdf`;
    await db
      .insertInto('supplierQualification')
      .values({
        id: newId(),
        supplierId,
        typeCode: 'ISO9001',
        certNo: 'CERT-7788',
        issuer: '认证中心',
        issueDate: null,
        expiryDate: null,
        scope: null,
        files: file,
        status: 'VALID',
        reviewedBy: null,
        reviewedAt: null,
        reviewComment: null,
        notifiedDays: null,
        createBy: null,
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await db
      .insertInto('supplierAdmissionReview')
      .values({
        id,
        tenantId: 0,
        code: 'AR-T-0001',
        supplierId,
        categoryCode: 'RAW_MATERIAL',
        reviewType: 'CATEGORY_EXTENSION',
        steps: JSON.stringify(steps),
        questionnaireId: null,
        status: 'PENDING_APPROVAL',
        openedBy: 'x',
        openedAt: serverNowIso(),
        submittedBy: null,
        submittedAt: serverNowIso(),
        decidedBy: null,
        decidedAt: null,
        decisionComment: null,
        decision: 'CONDITIONAL',
        trialLimitAmount: '50000.00',
      })
      .execute();
    const d = await detailOf('SUPPLIER_ADMISSION_REVIEW', id);
    expect(field(d, '评审单号')).toBe('AR-T-0001');
    expect(field(d, '建议结论')).toBe('有条件通过（试用）');
    expect(field(d, '试用限额')).toBe('50000.00');
    expect(field(d, '评审类型')).toBe('品类扩展');
    expect(field(d, '准入品类')).not.toBe('RAW_MATERIAL');
    expect(table(d, '评审步骤').rows).toEqual([
      expect.objectContaining({ step: '资质文件审核', result: '通过', comment: '营业执照齐全' }),
      expect.objectContaining({ step: '调查问卷', result: '已豁免', evidence: 'QN-001', at: null }),
    ]);
    expect(table(d, '资质证书').rows).toContainEqual(
      expect.objectContaining({ certNo: 'CERT-7788', expiryDate: '长期' }),
    );
    expect(d.files.map((f) => f.paths)).toContain(file);
  });

  it('§14 quota: material, validity, basis, and each supplier share beside the share in force (QUO-1)', async () => {
    const db = w.s.ctx.db;
    const quota = (id: string, code: string, status: string) => ({
      id,
      tenantId: 0,
      code,
      orgCode: null,
      materialId: w.materialId,
      materialCode: 'M-1',
      materialName: '螺栓',
      categoryId: null,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      basis: 'QUANTITY',
      minSplitQty: '10',
      sourceAwardId: null,
      sourceEventId: null,
      sourceLineId: null,
      status,
      versionNo: status === 'ACTIVE' ? 1 : 2,
      adjustReason: status === 'ACTIVE' ? '' : '二季度交付不及时，下调份额',
      approvalInstanceId: null,
      activatedAt: null,
      remark: null,
      version: 1,
      createBy: null,
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    });
    const line = (arrangementId: string, i: 0 | 1, quotaPct: number) => ({
      id: newId(),
      tenantId: 0,
      arrangementId,
      lineNo: i + 1,
      supplierId: w.supId[i],
      supplierName: `供应商${i + 1}`,
      quotaPct,
      baseQty: '0',
      allocatedQty: '0',
      active: 1,
    });
    const [active, pending] = [newId(), newId()];
    await db
      .insertInto('quotaArrangement')
      .values([quota(active, 'QA-T-1', 'ACTIVE'), quota(pending, 'QA-T-2', 'PENDING_APPROVAL')])
      .execute();
    await db
      .insertInto('quotaLine')
      .values([line(active, 0, 50), line(active, 1, 50), line(pending, 0, 70), line(pending, 1, 30)])
      .execute();
    const d = await detailOf('QUOTA_ARRANGEMENT', pending);
    expect(field(d, '分配基准')).toBe('按数量');
    expect(field(d, '有效期')).toBe('2026-01-01 至 2026-12-31');
    expect(field(d, '调整原因')).toBe('二季度交付不及时，下调份额');
    expect(field(d, '现行配额')).toBe('QA-T-1');
    expect(table(d, '配额分配').rows).toEqual([
      expect.objectContaining({ supplierName: '供应商1', quotaPct: 70, previousPct: 50 }),
      expect.objectContaining({ supplierName: '供应商2', quotaPct: 30, previousPct: 50 }),
    ]);
  });

  it('§11.2 tender publication: method, dates, evaluation method, officers and every line', async () => {
    const id = await draftTender(w);
    const d = await detailOf('TENDER_PUBLISH', id);
    expect(field(d, '项目名称')).toBe('办公楼空调设备采购招标');
    expect(field(d, '招标方式')).toBe('公开招标');
    expect(field(d, '开标人')).toContain('采购员二');
    const lines = table(d, '招标明细').rows;
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ material: '多联机室外机', qty: expect.stringMatching(/^2/) });
    expect(lines[1]!.unit).not.toBe('SET');
  });

  it('EVA-5 evaluation publication: each supplier result with rank, scores by dimension, grade and consequences', async () => {
    const db = w.s.ctx.db;
    const templateId = (await db.selectFrom('evalTemplate').select('id').executeTakeFirstOrThrow()).id;
    const id = newId();
    await db
      .insertInto('evalProject')
      .values({
        id,
        tenantId: 0,
        code: 'EP-T-1',
        name: '2026年二季度供应商评估',
        templateId,
        periodFrom: '2026-04-01',
        periodTo: '2026-06-30',
        scoringDeadline: '2026-07-10',
        supplierIds: w.supId.join(','),
        raterIds: '',
        raters: '[]',
        showRank: 1,
        status: 'PENDING_APPROVAL',
        submittedBy: null,
        approvedBy: null,
        publishedAt: null,
        remark: null,
        createBy: null,
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await db
      .insertInto('evalResult')
      .values({
        id: newId(),
        tenantId: 0,
        projectId: id,
        supplierId: w.supId[0],
        supplierName: '华东精密',
        dimensionScores: JSON.stringify([
          { dimension: 'QUALITY', score: '55.00' },
          { dimension: 'DELIVERY', score: null },
        ]),
        totalScore: '55.00',
        grade: 'D',
        rank: 1,
        consequence: 'BLOCK_RFQ,PROPOSE_FREEZE',
        consequenceStatus: 'NONE',
        appealDeadline: null,
        supplierAppeal: null,
        appealedAt: null,
        appealAnswer: null,
        appealStatus: 'NONE',
        answeredBy: null,
        createBy: null,
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const d = await detailOf('EVAL_PROJECT', id);
    expect(field(d, '评估期间')).toBe('2026-04-01 至 2026-06-30');
    expect(field(d, '状态')).not.toBe('PENDING_APPROVAL');
    expect(table(d, '评估结果').rows).toEqual([
      {
        rank: 1,
        supplierName: '华东精密',
        totalScore: '55.00',
        dimensions: '质量 55.00；交付 不适用',
        grade: 'D',
        consequence: '禁止询价、建议冻结',
      },
    ]);
  });

  it('each of the four answers null for a document that is gone', async () => {
    for (const t of ['SUPPLIER_ADMISSION_REVIEW', 'QUOTA_ARRANGEMENT', 'TENDER_PUBLISH', 'EVAL_PROJECT'])
      expect(await approvalDocType(t)!.detail!({ db: w.s.ctx.db, dicts: w.s.ctx.dicts, viewer }, newId())).toBeNull();
  });
});
