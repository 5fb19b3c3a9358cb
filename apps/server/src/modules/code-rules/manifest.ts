import type { ModuleManifest } from '../manifest.js';
import { codeRuleRoutes } from './code-rule-routes.js';
import { codeRulesMenus } from './menus.js';
import { BASE_CHECK_RULES, DOCUMENT_PREFIXES } from './base-code-rules.js';

export const codeRulesManifest: ModuleManifest = {
  name: 'code-rules',
  routes: [codeRuleRoutes],
  menus: codeRulesMenus,
  fillRules: DOCUMENT_PREFIXES,
  checkRules: BASE_CHECK_RULES,
};
