import type { Generated } from 'kysely';
import type { AuditColumns } from './audit-columns.js';

/** Tables of dictionaries, the category tree and the code rules (check rules, document numbers). */

export type SysDictTable = AuditColumns & {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: number;
  /** The owning tenant; 0: the platform's shared dictionaries, read by every tenant (issue 16). */
  tenantId: Generated<number>;
};

export type SysDictItemTable = AuditColumns & {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  /** 1 enabled, 0 disabled. */
  status: number;
};

/** The category dictionary: a tree; `code` extends the parent's by one segment per level. */
export type SysCategoryTable = AuditColumns & {
  id: string;
  pid: string | null;
  name: string;
  code: string;
  hasChild: string;
};

/** 编码校验规则: `ruleJson` is a JSON array of `{digits, pattern, message}` (JeecgBoot's sys_check_rule). */
export type SysCheckRuleTable = AuditColumns & {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
};

/** 填值规则: document numbers `PREFIX-date-sequence`. */
export type SysFillRuleTable = AuditColumns & {
  id: string;
  ruleName: string;
  ruleCode: string;
  prefix: string;
  /** yyyyMMdd, yyMMdd, yyyyMM, yyyy; null for no date. */
  dateFormat: string | null;
  seqDigits: number;
  /** day, month, year, never. */
  seqReset: string;
  ruleDescription: string | null;
};

/** The last number issued per fill rule, tenant and period (the key of the sequence reset). */
export type SysFillRuleSeqTable = { ruleCode: string; tenantId: string; period: string; lastValue: number };

export type DictionaryTables = {
  sysDict: SysDictTable;
  sysDictItem: SysDictItemTable;
  sysCategory: SysCategoryTable;
  sysCheckRule: SysCheckRuleTable;
  sysFillRule: SysFillRuleTable;
  sysFillRuleSeq: SysFillRuleSeqTable;
};
