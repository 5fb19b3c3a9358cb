import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import type { ApprovalDocTypeDef } from './approval/approval-registry.js';
import type { DocumentFilesDef } from './files/document-files.js';
import type { JobDefinition } from './jobs/scheduler.js';

/**
 * A menu or button row of the base data (`sys_permission`), and which roles hold it. The seed
 * keys a row by url, perms and name, so those never change once released. `component` names
 * a page of the web app's page registry; `layouts/RouteView` is a plain parent.
 */
export type MenuSeed = {
  key: string;
  parent?: string;
  name: string;
  url?: string;
  component?: string;
  /** 0 top-level menu, 1 sub-menu, 2 button. */
  menuType: 0 | 1 | 2;
  perms?: string;
  icon?: string;
  sortNo: number;
  hidden?: boolean;
  keepAlive?: boolean;
  roles: string[];
};

/** A base dictionary: code, name, then `value label` pairs in display order, joined by ` · `. */
export type DictionarySeed = [code: string, name: string, items: string];

/** A document number rule: the prefix is the rule code, e.g. `PO` for `PO-20261122-0001`. */
export type FillRuleSeed = readonly [prefix: string, name: string];

type CheckItem = { digits: string; pattern: string; message: string };

/** A value check rule forms use (`GET /sys/checkRule/checkByCode`). */
export type CheckRuleSeed = { ruleCode: string; ruleName: string; items: CheckItem[]; description: string };

/**
 * What a module brings to the server, declared in its `manifest.ts` and listed once in
 * `modules/index.ts`: app.ts registers the routes, approval document types, document files and
 * jobs; the seed applies the menus, dictionaries and code rules. Nothing registers itself at
 * import time, so what runs is what the list says.
 */
export type ModuleManifest = {
  /** The module's folder under `modules/`. */
  name: string;
  /** Route plugins, registered under the API base path in this order. */
  routes?: readonly ((ctx: AppContext) => FastifyPluginAsyncZod)[];
  /** Document types decided by the approval engine. */
  approvalDocTypes?: (ctx: AppContext) => readonly ApprovalDocTypeDef[];
  /** Document types whose stored files their readers may read too. */
  documentFiles?: readonly DocumentFilesDef[];
  /** Background jobs, run by the one scheduler. */
  jobs?: readonly ((ctx: AppContext) => JobDefinition)[];
  /** Menu and button rows; a row's parent is seeded before it, whichever module holds it. */
  menus?: readonly MenuSeed[];
  dictionaries?: readonly DictionarySeed[];
  fillRules?: readonly FillRuleSeed[];
  checkRules?: readonly CheckRuleSeed[];
};
