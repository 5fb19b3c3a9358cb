import {
  EVAL_DIMENSION_LABELS,
  GRADE_CONSEQUENCE_LABELS,
  type ApprovalDocumentDetail,
  type EvalDimension,
  type GradeConsequence,
} from '@procura/shared';
import type { ApprovalDetailContext } from '../approval/index.js';
import { detailTable, dictText } from '../approval/approval-detail-fields.js';

/**
 * An evaluation project waiting for publication approval (EVA-5) as its approver sees it: the
 * period and template, and every supplier's calculated result (rank, total, dimension scores,
 * grade and the consequences publishing will apply: freezes and eliminations are proposed).
 */
export async function evalPublicationApprovalDetail(
  { db, dicts }: ApprovalDetailContext,
  docId: string,
): Promise<ApprovalDocumentDetail | null> {
  const p = await db
    .selectFrom('evalProject as p')
    .leftJoin('evalTemplate as t', 't.id', 'p.templateId')
    .leftJoin('sysUser as u', 'u.id', 'p.submittedBy')
    .selectAll('p')
    .select(['t.name as templateName', 'u.realname as submitterName'])
    .where('p.id', '=', docId)
    .executeTakeFirst();
  if (!p) return null;
  const results = await db
    .selectFrom('evalResult')
    .select(['rank', 'supplierName', 'totalScore', 'grade', 'consequence', 'dimensionScores'])
    .where('projectId', '=', p.id)
    .orderBy('rank')
    .orderBy('supplierName')
    .execute();
  const status = await dictText(dicts, 'srm_eval_project_status');
  const dims = (json: string) =>
    (JSON.parse(json) as { dimension: string; score: string | null }[])
      .map((d) => `${EVAL_DIMENSION_LABELS[d.dimension as EvalDimension] ?? d.dimension} ${d.score ?? '不适用'}`)
      .join('；');
  const consequences = (v: string) =>
    v
      .split(',')
      .filter(Boolean)
      .map((c) => GRADE_CONSEQUENCE_LABELS[c as GradeConsequence] ?? c)
      .join('、') || '无';
  return {
    fields: [
      { label: '项目编号', value: p.code },
      { label: '项目名称', value: p.name },
      { label: '评估模板', value: p.templateName ?? null },
      { label: '评估期间', value: `${p.periodFrom} 至 ${p.periodTo}` },
      { label: '评分截止', value: p.scoringDeadline },
      { label: '供应商数', value: String(results.length) },
      { label: '向供应商显示排名', value: p.showRank ? '是' : '否' },
      { label: '提交人', value: p.submitterName ?? null },
      { label: '状态', value: status(p.status) },
      { label: '备注', value: p.remark, span: 2 },
    ],
    tables: [
      detailTable(
        '评估结果',
        [
          { key: 'rank', title: '排名' },
          { key: 'supplierName', title: '供应商' },
          { key: 'totalScore', title: '总分' },
          { key: 'dimensions', title: '维度得分', value: (r) => dims(r.dimensionScores) },
          { key: 'grade', title: '等级' },
          { key: 'consequence', title: '发布后措施', value: (r) => consequences(r.consequence) },
        ],
        results,
      ),
    ],
    files: [],
  };
}
