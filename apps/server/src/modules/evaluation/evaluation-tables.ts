import type { AuditColumns } from '../../db/audit-columns.js';

/** Tables of supplier evaluation (§20, migrations 0030 and 0042) and questionnaires (§6, 0031). Decimals are strings. */

export type EvalTemplateTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  name: string;
  periodType: string;
  status: string;
  remark: string | null;
};
export type EvalDimensionTable = { id: string; templateId: string; dimension: string; weight: string; seq: number };
export type EvalIndicatorTable = {
  id: string;
  templateId: string;
  dimensionId: string;
  name: string;
  weight: string;
  method: string;
  metricKey: string | null;
  seq: number;
  raterRoles: string;
};
export type EvalGradeBandTable = {
  id: string;
  tenantId: number;
  grade: string;
  minScore: string;
  maxScore: string;
  consequence: string;
  colour: string | null;
};
export type EvalProjectTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  name: string;
  templateId: string;
  periodFrom: string;
  periodTo: string;
  scoringDeadline: string;
  supplierIds: string;
  raterIds: string;
  /** JSON [{indicatorId, userId}]: who rates which MANUAL indicator (EVA-3, 0042). */
  raters: string;
  showRank: number;
  status: string;
  submittedBy: string | null;
  approvedBy: string | null;
  publishedAt: string | null;
  remark: string | null;
};
export type EvalScoreTable = {
  id: string;
  projectId: string;
  supplierId: string;
  indicatorId: string;
  raterId: string;
  score: string;
  comment: string | null;
  updateTime: string;
};
export type EvalResultTable = {
  id: string;
  tenantId: number;
  projectId: string;
  supplierId: string;
  supplierName: string;
  dimensionScores: string;
  totalScore: string;
  grade: string;
  rank: number;
  consequence: string;
  consequenceStatus: string;
  appealDeadline: string | null;
  supplierAppeal: string | null;
  appealedAt: string | null;
  appealAnswer: string | null;
  appealStatus: string;
  answeredBy: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};
export type EvalResultLogTable = {
  id: string;
  resultId: string;
  action: string;
  fromTotal: string | null;
  toTotal: string | null;
  fromGrade: string | null;
  toGrade: string | null;
  reason: string | null;
  actorId: string | null;
  at: string;
};
export type SupplierGradeTable = {
  supplierId: string;
  tenantId: number;
  grade: string;
  gradeValidTo: string;
  flags: string;
  projectId: string;
  updateTime: string;
};

export type QuestionTemplateTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  name: string;
  purpose: string;
  scored: number;
  totalScore: string | null;
  status: string;
  versionNo: number;
};
export type QuestionTable = {
  id: string;
  templateId: string;
  groupName: string | null;
  seq: number;
  text: string;
  kind: string;
  options: string | null;
  required: number;
  maxScore: string | null;
  numberMin: string | null;
  numberMax: string | null;
  maxSelections: number | null;
};
export type QuestionnaireTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  templateId: string;
  templateVersion: number;
  templateName: string;
  supplierId: string;
  supplierName: string;
  purpose: string;
  dueAt: string;
  status: string;
  score: string | null;
  reviewerComment: string | null;
  returned: number;
  submittedAt: string | null;
  reviewedBy: string | null;
};
export type QuestionnaireAnswerTable = {
  id: string;
  questionnaireId: string;
  questionId: string;
  value: string | null;
  score: string | null;
};

export type EvaluationTables = {
  evalTemplate: EvalTemplateTable;
  evalDimension: EvalDimensionTable;
  evalIndicator: EvalIndicatorTable;
  evalGradeBand: EvalGradeBandTable;
  evalProject: EvalProjectTable;
  evalScore: EvalScoreTable;
  evalResult: EvalResultTable;
  evalResultLog: EvalResultLogTable;
  supplierGrade: SupplierGradeTable;
  questionTemplate: QuestionTemplateTable;
  question: QuestionTable;
  questionnaire: QuestionnaireTable;
  questionnaireAnswer: QuestionnaireAnswerTable;
};
