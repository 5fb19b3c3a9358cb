/** 准入评审 (domain §4.3) texts as users read them; the server's review and the buyer's tab share them. */
export const ADMISSION_STEP_TEXT: Readonly<Record<'DOCUMENTS' | 'QUESTIONNAIRE' | 'SAMPLE' | 'SITE_AUDIT', string>> = {
  DOCUMENTS: '资质文件审核',
  QUESTIONNAIRE: '调查问卷',
  SAMPLE: '样品认证',
  SITE_AUDIT: '现场评审',
};

/** The decision of an admission review. */
export const ADMISSION_DECISION_TEXT: Readonly<Record<'APPROVE' | 'CONDITIONAL' | 'REJECT', string>> = {
  APPROVE: '通过',
  CONDITIONAL: '有条件通过（试用）',
  REJECT: '不通过',
};

/** A review step's result as users read it. */
export const ADMISSION_STEP_RESULT_TEXT: Readonly<Record<'PENDING' | 'PASSED' | 'FAILED' | 'WAIVED', string>> = {
  PENDING: '待评审',
  PASSED: '通过',
  FAILED: '不通过',
  WAIVED: '已豁免',
};

/** The conclusion of a site audit. */
export const SITE_AUDIT_RESULT_TEXT: Readonly<Record<'PASS' | 'CONDITIONAL' | 'FAIL', string>> = {
  PASS: '通过',
  CONDITIONAL: '有条件通过',
  FAIL: '不通过',
};
