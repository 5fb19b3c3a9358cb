import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const tenderEvaluationMenus: MenuSeed[] = [
  // Tender evaluation and award (domain §11, §13): buyers set the method and criteria, form the committee (TND-11),
  // award, answer objections; committee members (the 评标专家 role, buyers as representatives) declare, score, sign.
  {
    key: 'sourcing.tenderEvalSetup',
    parent: 'sourcing',
    name: '评标办法与评标委员会',
    menuType: 2,
    perms: 'srm:tenderEval:setup',
    sortNo: 40,
    roles: ['admin', 'buyer'],
  },
  {
    key: 'sourcing.tenderEvalScore',
    parent: 'sourcing',
    name: '评标（评委评分与签字）',
    menuType: 2,
    perms: 'srm:tenderEval:score',
    sortNo: 41,
    roles: ['admin', 'buyer', 'expert'],
  },
  {
    key: 'sourcing.tenderEvalAward',
    parent: 'sourcing',
    name: '招标定标、公示与异议答复',
    menuType: 2,
    perms: 'srm:tenderEval:award',
    sortNo: 42,
    roles: ['admin', 'buyer'],
  },
  {
    key: 'tenderEval',
    name: '评标',
    url: '/srm/tender-evaluation',
    component: 'srm/TenderEvaluation',
    menuType: 0,
    perms: 'srm:tenderEval:score',
    icon: 'AuditOutlined',
    sortNo: 19,
    keepAlive: true,
    roles: ['admin', 'buyer', 'expert'],
  },
];
