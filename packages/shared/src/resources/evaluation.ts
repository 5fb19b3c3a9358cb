import { defineResource } from '../resource/define-resource.js';

/**
 * Supplier evaluation (§20) and questionnaires (§6) as plain lists. Structure (indicators,
 * questions), scoring, answering and every status change go through their own routes.
 */
export const evalTemplateResource = defineResource({
  key: 'srmEvalTemplate',
  table: 'eval_template',
  path: '/srm/evalTemplate',
  label: '评估模板',
  permission: 'evalTemplate',
  tenant: true,
  capabilities: { import: false },
  fields: {
    code: {
      label: '模板编码',
      type: 'string',
      required: true,
      max: 64,
      unique: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: '模板编码只能包含字母、数字、下划线和横线' },
    },
    name: { label: '模板名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    periodType: { label: '评估周期', type: 'dict', dict: 'srm_eval_period_type', required: true, filter: 'eq' },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_eval_template_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    remark: { label: '备注', type: 'string', max: 500, list: false },
  },
});

export const evalProjectResource = defineResource({
  key: 'srmEvalProject',
  table: 'eval_project',
  path: '/srm/evalProject',
  label: '评估项目',
  permission: 'evalProject',
  tenant: true,
  capabilities: { import: false },
  numbering: { field: 'code', rule: 'EV' },
  fields: {
    code: { label: '项目编号', type: 'string', readOnly: true, filter: 'like', sortable: true },
    name: { label: '项目名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    templateId: { label: '评估模板', type: 'string', required: true, max: 32, list: false },
    periodFrom: { label: '评估期间起', type: 'date', required: true, sortable: true },
    periodTo: { label: '评估期间止', type: 'date', required: true, sortable: true },
    scoringDeadline: { label: '评分截止时间', type: 'datetime', required: true, sortable: true },
    supplierIds: { label: '参评供应商', type: 'text', required: true, max: 3300, list: false },
    raterIds: { label: '评分人', type: 'text', required: true, max: 3300, list: false },
    // JSON [{indicatorId, userId}], derived from the raters' roles and adjusted through /srm/evalProject/saveRaters (EVA-3).
    raters: { label: '评分分工', type: 'text', readOnly: true, list: false, detail: false },
    showRank: { label: '向供应商显示排名', type: 'int', dict: 'yn', min: 0, max: 1, list: false },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_eval_project_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    remark: { label: '备注', type: 'string', max: 500, list: false },
  },
});

/** Results of every project (buyers); a supplier user reaching it sees only its own published ones. */
export const evalResultResource = defineResource({
  key: 'srmEvalResult',
  table: 'eval_result',
  path: '/srm/evalResult',
  label: '评估结果',
  permission: 'evalProject',
  tenant: true,
  defaultSort: { field: 'rank', order: 'asc' },
  capabilities: { add: false, edit: false, delete: false, deleteBatch: false, import: false },
  fields: {
    projectId: { label: '评估项目', type: 'string', filter: 'eq', list: false, readOnly: true },
    supplierName: { label: '供应商', type: 'string', readOnly: true, filter: 'like', sortable: true },
    totalScore: { label: '总分', type: 'string', readOnly: true },
    grade: { label: '等级', type: 'dict', dict: 'srm_grade', readOnly: true, filter: 'eq', sortable: true },
    rank: { label: '排名', type: 'int', readOnly: true, sortable: true },
    consequence: { label: '等级后果', type: 'string', readOnly: true },
    consequenceStatus: {
      label: '后果状态',
      type: 'dict',
      dict: 'srm_eval_consequence_status',
      readOnly: true,
      filter: 'eq',
    },
    appealStatus: {
      label: '申诉状态',
      type: 'dict',
      dict: 'srm_eval_appeal_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    supplierAppeal: { label: '申诉理由', type: 'text', readOnly: true, list: false },
    appealAnswer: { label: '申诉答复', type: 'text', readOnly: true, list: false },
  },
});

export const questionTemplateResource = defineResource({
  key: 'srmQuestionTemplate',
  table: 'question_template',
  path: '/srm/questionTemplate',
  label: '问卷模板',
  permission: 'questionTemplate',
  tenant: true,
  capabilities: { import: false },
  fields: {
    code: {
      label: '模板编码',
      type: 'string',
      required: true,
      max: 64,
      immutable: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: '模板编码只能包含字母、数字、下划线和横线' },
    },
    name: { label: '模板名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    purpose: { label: '用途', type: 'dict', dict: 'srm_question_purpose', required: true, filter: 'eq' },
    scored: { label: '计分', type: 'int', dict: 'yn', min: 0, max: 1, filter: 'eq' },
    totalScore: { label: '总分', type: 'decimal', min: 0, max: 1000 },
    versionNo: { label: '版本', type: 'int', readOnly: true },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_eval_template_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
  },
});

/** Questionnaires sent (buyers' list); answering and review have their own routes. */
export const questionnaireResource = defineResource({
  key: 'srmQuestionnaire',
  table: 'questionnaire',
  path: '/srm/questionnaire',
  label: '调查问卷',
  permission: 'questionnaire',
  tenant: true,
  capabilities: { add: false, edit: false, delete: false, deleteBatch: false, import: false },
  numbering: { field: 'code', rule: 'QN' },
  fields: {
    code: { label: '问卷编号', type: 'string', readOnly: true, filter: 'like', sortable: true },
    templateName: { label: '问卷模板', type: 'string', readOnly: true, filter: 'like' },
    supplierId: { label: '供应商编号', type: 'string', readOnly: true, filter: 'eq', list: false, detail: false },
    supplierName: { label: '供应商', type: 'string', readOnly: true, filter: 'like', sortable: true },
    purpose: { label: '用途', type: 'dict', dict: 'srm_question_purpose', readOnly: true, filter: 'eq' },
    dueAt: { label: '截止时间', type: 'datetime', readOnly: true, sortable: true },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'srm_questionnaire_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    score: { label: '得分', type: 'string', readOnly: true },
    reviewerComment: { label: '审阅意见', type: 'string', readOnly: true, list: false },
  },
});

/**
 * The ones with a generic page of their own (`resource/<key>`). Results and questionnaires are
 * created by commands only, never by `add`, so they are served by the generic list routes but
 * shown by their own screens.
 */
export const evaluationResources = [evalTemplateResource, evalProjectResource, questionTemplateResource] as const;
