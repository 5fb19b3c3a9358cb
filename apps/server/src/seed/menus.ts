/**
 * The menu tree (menus and buttons with permission codes) every installation starts with,
 * and which roles hold each entry. `component` strings name pages of the web app's page
 * registry; `layouts/RouteView` is a plain parent.
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

const ALL = ['admin', 'buyer', 'supplier'];

export const BASE_MENUS: MenuSeed[] = [
  { key: 'home', name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', menuType: 0, icon: 'HomeOutlined', sortNo: 0, roles: ALL },

  { key: 'srm', name: '供应商管理', url: '/srm/supplier', component: 'layouts/RouteView', menuType: 0, icon: 'TeamOutlined', sortNo: 10, roles: ['admin', 'buyer'] },
  { key: 'srm.list', parent: 'srm', name: '供应商列表', url: '/srm/supplier/list', component: 'supplier/SupplierList', menuType: 1, perms: 'supplier:list', sortNo: 1, keepAlive: true, roles: ['admin', 'buyer'] },
  { key: 'srm.list.view', parent: 'srm.list', name: '查看供应商', menuType: 2, perms: 'supplier:list', sortNo: 1, roles: ['admin', 'buyer'] },
  // Lifecycle transitions (domain §4.4): B reviews, proposes blacklists and admissions; M (here the administrator) freezes, eliminates, lifts.
  { key: 'srm.list.review', parent: 'srm.list', name: '审核企业信息', menuType: 2, perms: 'supplier:review', sortNo: 2, roles: ['admin', 'buyer'] },
  { key: 'srm.list.freeze', parent: 'srm.list', name: '冻结/解冻供应商', menuType: 2, perms: 'supplier:freeze', sortNo: 3, roles: ['admin'] },
  { key: 'srm.list.blacklist', parent: 'srm.list', name: '提出拉黑', menuType: 2, perms: 'supplier:blacklist', sortNo: 4, roles: ['admin', 'buyer'] },
  { key: 'srm.list.lift', parent: 'srm.list', name: '提出解除黑名单', menuType: 2, perms: 'supplier:blacklist:lift', sortNo: 5, roles: ['admin'] },
  { key: 'srm.list.eliminate', parent: 'srm.list', name: '淘汰供应商', menuType: 2, perms: 'supplier:eliminate', sortNo: 6, roles: ['admin'] },
  { key: 'srm.list.category', parent: 'srm.list', name: '暂停/恢复/终止/转正品类', menuType: 2, perms: 'supplier:category:manage', sortNo: 8, roles: ['admin'] },
  // Admission review (§4.3): B opens it, records step results and submits; M approves in 审批中心.
  { key: 'srm.list.admissionReview', parent: 'srm.list', name: '准入评审', menuType: 2, perms: 'supplier:admissionReview', sortNo: 9, roles: ['admin', 'buyer'] },
  // QLF-2: only M (the role that approves admission reviews) waives a failed or pending step.
  { key: 'srm.list.admissionWaive', parent: 'srm.list', name: '豁免准入评审步骤', menuType: 2, perms: 'supplier:admissionReview:waive', sortNo: 10, roles: ['admin'] },
  { key: 'srm.qualification', parent: 'srm', name: '供应商资质', url: '/srm/supplier/qualification', component: 'supplier/QualificationList', menuType: 1, perms: 'supplier:qualification:list', sortNo: 2, keepAlive: true, roles: ['admin', 'buyer'] },
  { key: 'srm.qualification.view', parent: 'srm.qualification', name: '查看资质', menuType: 2, perms: 'supplier:qualification:list', sortNo: 1, roles: ['admin', 'buyer'] },
  { key: 'srm.qualification.review', parent: 'srm.qualification', name: '审核资质', menuType: 2, perms: 'supplier:qualification:review', sortNo: 2, roles: ['admin', 'buyer'] },

  // Sample requests (domain §7): buyers ask and receive; testing is by someone other than the requester (SMP-2); the supplier answers and ships (SMP-1).
  ...resourceMenu('srm.sample', 'srm', '样品管理', '/srm/sample', 'srmSampleRequest', 'sampleRequest', 3, ['import']).map(forBuyers(['list', 'add', 'edit', 'delete', 'deleteBatch', 'export'])),
  ...sampleButtons('srm.sample', [['send', '发送送样申请'], ['cancel', '取消送样申请'], ['receive', '签收样品'], ['test', '录入测试结果'], ['close', '关闭送样申请']], ['admin', 'buyer']),
  { key: 'mySample', name: '送样申请', url: '/srm/my-samples', component: 'resource/srmSampleRequest', menuType: 0, perms: 'sampleRequest:list', icon: 'FileTextOutlined', sortNo: 23, keepAlive: true, roles: ['supplier'] },
  ...sampleButtons('mySample', [['list', '查看送样申请'], ['export', '导出送样申请'], ['confirm', '确认送样'], ['refuse', '拒绝送样'], ['ship', '寄出样品']], ['supplier']),
  // Sourcing (domain §9, §10, §13): buyers run RFQs (draft, invite, publish, extend, open, award); M (the administrator)
  // continues an INSUFFICIENT event and cancels published ones (RFQ-7, SRC-10); suppliers answer and quote.
  { key: 'sourcing', name: '询价管理', url: '/srm/sourcing', component: 'srm/SourcingList', menuType: 0, perms: 'srm:sourcing:list', icon: 'FileTextOutlined', sortNo: 14, keepAlive: true, roles: ['admin', 'buyer'] },
  ...([
    ['list', '查看寻源单'],
    ['add', '新建询价单'],
    ['edit', '编辑询价单'],
    ['invite', '邀请供应商'],
    ['publish', '发布与延期'],
    ['open', '开标'],
    ['fail', '流标'],
    ['cancel', '取消询价单'],
    ['award', '定标'],
  ] as [string, string][]).map(([action, name], i): MenuSeed => ({ key: `sourcing.${action}`, parent: 'sourcing', name, menuType: 2, perms: `srm:sourcing:${action}`, sortNo: i + 1, roles: ['admin', 'buyer'] })),
  { key: 'sourcing.continue', parent: 'sourcing', name: '响应不足继续开标', menuType: 2, perms: 'srm:sourcing:continue', sortNo: 20, roles: ['admin'] },
  { key: 'sourcing.cancelPublished', parent: 'sourcing', name: '取消已发布询价单', menuType: 2, perms: 'srm:sourcing:cancelPublished', sortNo: 21, roles: ['admin'] },
  // Tender evaluation and award (domain §11, §13): buyers set the method and criteria, form the committee (TND-11),
  // award, answer objections; committee members (the 评标专家 role, buyers as representatives) declare, score, sign.
  { key: 'sourcing.tenderEvalSetup', parent: 'sourcing', name: '评标办法与评标委员会', menuType: 2, perms: 'srm:tenderEval:setup', sortNo: 40, roles: ['admin', 'buyer'] },
  { key: 'sourcing.tenderEvalScore', parent: 'sourcing', name: '评标（评委评分与签字）', menuType: 2, perms: 'srm:tenderEval:score', sortNo: 41, roles: ['admin', 'buyer', 'expert'] },
  { key: 'sourcing.tenderEvalAward', parent: 'sourcing', name: '招标定标、公示与异议答复', menuType: 2, perms: 'srm:tenderEval:award', sortNo: 42, roles: ['admin', 'buyer'] },
  { key: 'tenderEval', name: '评标', url: '/srm/tender-evaluation', component: 'srm/TenderEvaluation', menuType: 0, perms: 'srm:tenderEval:score', icon: 'AuditOutlined', sortNo: 16, keepAlive: true, roles: ['admin', 'buyer', 'expert'] },
  { key: 'sourcing.clarify', parent: 'sourcing', name: '答复与发布澄清', menuType: 2, perms: 'srm:sourcing:clarify', sortNo: 22, roles: ['admin', 'buyer'] },
  { key: 'auction', name: '竞价管理', url: '/srm/auction', component: 'srm/AuctionList', menuType: 0, perms: 'srm:auction:list', icon: 'FileTextOutlined', sortNo: 14, keepAlive: true, roles: ['admin', 'buyer'] },
  // Live reverse auctions (domain §12): buyers create, run (start/pause/resume/close) and void bids; suppliers bid with srm:sourcing:supplier.
  ...([
    ['list', '查看竞价'],
    ['add', '新建竞价单'],
    ['run', '开始、暂停、恢复、结束竞价'],
    ['void', '作废报价'],
  ] as [string, string][]).map(([action, name], i): MenuSeed => ({ key: `auction.${action}`, parent: 'auction', name, menuType: 2, perms: `srm:auction:${action}`, sortNo: 30 + i, roles: ['admin', 'buyer'] })),
  { key: 'myAuction', name: '我的竞价', url: '/srm/my-auction', component: 'srm/MyAuction', menuType: 0, perms: 'srm:sourcing:supplier', icon: 'FileTextOutlined', sortNo: 26, keepAlive: true, roles: ['supplier'] },
  // Tenders (domain §11): buyers draft, submit for approval and publish; named opening officers open by quorum (P2).
  { key: 'tender', name: '招标管理', url: '/srm/tender', component: 'srm/TenderList', menuType: 0, perms: 'srm:tender:list', icon: 'FileTextOutlined', sortNo: 15, keepAlive: true, roles: ['admin', 'buyer'] },
  ...([
    ['list', '查看招标项目与审计日志'],
    ['add', '新建与重新招标'],
    ['edit', '编辑、邀请与提交审批'],
    ['publish', '发布招标项目'],
    ['open', '开标（开标人确认）'],
  ] as [string, string][]).map(([action, name], i): MenuSeed => ({ key: `tender.${action}`, parent: 'tender', name, menuType: 2, perms: `srm:tender:${action}`, sortNo: i + 1, roles: ['admin', 'buyer'] })),
  { key: 'mySourcing', name: '我的询价', url: '/srm/my-sourcing', component: 'srm/MySourcing', menuType: 0, perms: 'srm:sourcing:supplier', icon: 'FileTextOutlined', sortNo: 26, keepAlive: true, roles: ['supplier'] },
  { key: 'mySourcing.quote', parent: 'mySourcing', name: '查看询价与报价', menuType: 2, perms: 'srm:sourcing:supplier', sortNo: 1, roles: ['supplier'] },
  // 我的投标 (domain §11): invitations, sign-up to open tenders, sealed bids, opening record, clarifications, result.
  { key: 'myTender', name: '我的投标', url: '/srm/my-tender', component: 'srm/MyTender', menuType: 0, perms: 'srm:sourcing:supplier', icon: 'FileTextOutlined', sortNo: 27, keepAlive: true, roles: ['supplier'] },
  { key: 'mySourceList', name: '货源清单', url: '/srm/my-source-list', component: 'resource/supplierMaterial', menuType: 0, perms: 'supplierMaterial:list', icon: 'TableOutlined', sortNo: 25, keepAlive: true, roles: ['supplier'] },
  { key: 'mySourceList.list', parent: 'mySourceList', name: '查看我的货源', menuType: 2, perms: 'supplierMaterial:list', sortNo: 1, roles: ['supplier'] },
  { key: 'mySourceList.export', parent: 'mySourceList', name: '导出我的货源', menuType: 2, perms: 'supplierMaterial:export', sortNo: 2, roles: ['supplier'] },

  { key: 'profile', name: '企业信息', url: '/supplier/profile', component: 'supplier/SupplierProfile', menuType: 0, icon: 'BankOutlined', sortNo: 20, roles: ['supplier'] },
  // Change requests (domain §5): the supplier asks, a manager approves in 审批中心 (CHG-3); buyers follow them here.
  { key: 'myChange', name: '变更申请', url: '/srm/my-changes', component: 'supplier/MyChangeRequests', menuType: 0, perms: 'supplierChange:mine', icon: 'EditOutlined', sortNo: 24, roles: ['supplier'] },
  { key: 'myChange.submit', parent: 'myChange', name: '提交与撤回变更申请', menuType: 2, perms: 'supplierChange:mine', sortNo: 1, roles: ['supplier'] },
  { key: 'srm.change', parent: 'srm', name: '供应商变更', url: '/srm/supplier/change', component: 'supplier/ChangeRequestList', menuType: 1, perms: 'supplierChange:list', sortNo: 4, keepAlive: true, roles: ['admin', 'buyer'] },
  { key: 'srm.change.view', parent: 'srm.change', name: '查看变更申请', menuType: 2, perms: 'supplierChange:list', sortNo: 1, roles: ['admin', 'buyer'] },
  { key: 'srm.change.add', parent: 'srm.change', name: '代供应商发起变更', menuType: 2, perms: 'supplierChange:add', sortNo: 2, roles: ['admin', 'buyer'] },

  // Supplier performance (domain §20) and questionnaires (§6): buyers run them; publication is approved through the approval engine.
  { key: 'perf', name: '供应商绩效', url: '/srm/performance', component: 'layouts/RouteView', menuType: 0, icon: 'TrophyOutlined', sortNo: 15, roles: ['admin', 'buyer'] },
  ...resourceMenu('perf.template', 'perf', '评估模板', '/srm/performance/template', 'srmEvalTemplate', 'evalTemplate', 1, ['import'], ['admin', 'buyer']),
  { key: 'perf.grade', parent: 'perf', name: '绩效等级', url: '/srm/performance/grade', component: 'evaluation/GradeBands', menuType: 1, perms: 'gradeBand:list', sortNo: 2, roles: ['admin', 'buyer'] },
  { key: 'perf.grade.view', parent: 'perf.grade', name: '查看绩效等级', menuType: 2, perms: 'gradeBand:list', sortNo: 1, roles: ['admin', 'buyer'] },
  { key: 'perf.grade.edit', parent: 'perf.grade', name: '编辑绩效等级', menuType: 2, perms: 'gradeBand:edit', sortNo: 2, roles: ['admin'] },
  ...resourceMenu('perf.project', 'perf', '评估项目', '/srm/performance/project', 'srmEvalProject', 'evalProject', 3, ['import'], ['admin', 'buyer']),
  { key: 'perf.project.score', parent: 'perf.project', name: '评分', menuType: 2, perms: 'evalProject:score', sortNo: 10, roles: ['admin', 'buyer'] },
  { key: 'perf.project.appeal', parent: 'perf.project', name: '处理申诉', menuType: 2, perms: 'evalProject:appeal', sortNo: 12, roles: ['admin', 'buyer'] },
  ...resourceMenu('perf.qtemplate', 'perf', '问卷模板', '/srm/performance/questionTemplate', 'srmQuestionTemplate', 'questionTemplate', 4, ['import'], ['admin', 'buyer']),
  { key: 'perf.questionnaire', parent: 'perf', name: '调查问卷', url: '/srm/performance/questionnaire', component: 'questionnaire/QuestionnaireList', menuType: 1, perms: 'questionnaire:list', sortNo: 5, keepAlive: true, roles: ['admin', 'buyer'] },
  { key: 'perf.questionnaire.list', parent: 'perf.questionnaire', name: '查看调查问卷', menuType: 2, perms: 'questionnaire:list', sortNo: 1, roles: ['admin', 'buyer'] },
  { key: 'perf.questionnaire.export', parent: 'perf.questionnaire', name: '导出调查问卷', menuType: 2, perms: 'questionnaire:export', sortNo: 2, roles: ['admin', 'buyer'] },
  { key: 'perf.questionnaire.send', parent: 'perf.questionnaire', name: '发送问卷', menuType: 2, perms: 'questionnaire:send', sortNo: 10, roles: ['admin', 'buyer'] },
  { key: 'perf.questionnaire.review', parent: 'perf.questionnaire', name: '审阅问卷', menuType: 2, perms: 'questionnaire:review', sortNo: 11, roles: ['admin', 'buyer'] },
  { key: 'myEval', name: '我的评估结果', url: '/srm/my-eval-results', component: 'evaluation/MyEvalResults', menuType: 0, perms: 'evalResult:mine', icon: 'TrophyOutlined', sortNo: 21, roles: ['supplier'] },
  { key: 'myEval.view', parent: 'myEval', name: '查看与申诉评估结果', menuType: 2, perms: 'evalResult:mine', sortNo: 1, roles: ['supplier'] },
  { key: 'myQuestionnaire', name: '问卷', url: '/srm/my-questionnaires', component: 'questionnaire/MyQuestionnaires', menuType: 0, perms: 'questionnaire:answer', icon: 'FormOutlined', sortNo: 22, roles: ['supplier'] },
  { key: 'myQuestionnaire.answer', parent: 'myQuestionnaire', name: '填写问卷', menuType: 2, perms: 'questionnaire:answer', sortNo: 1, roles: ['supplier'] },

  // Master data (domain §3, §21): administrators keep it; buyers read it, enter materials and manual prices.
  { key: 'base', name: '基础数据', url: '/base', component: 'layouts/RouteView', menuType: 0, icon: 'DatabaseOutlined', sortNo: 12, roles: ['admin', 'buyer'] },
  ...resourceMenu('base.category', 'base', '物料分类', '/base/materialCategory', 'srmMaterialCategory', 'materialCategory', 1, ['import']).map(forBuyers(['list', 'export'])),
  ...resourceMenu('base.material', 'base', '物料管理', '/base/material', 'srmMaterial', 'material', 2, ['import']).map(forBuyers(['list', 'add', 'edit', 'delete', 'deleteBatch', 'export'])),
  { key: 'base.material.submit', parent: 'base.material', name: '提交物料启用审批', menuType: 2, perms: 'material:submit', sortNo: 20, roles: ['admin', 'buyer'] },
  { key: 'base.material.status', parent: 'base.material', name: '停用/恢复物料', menuType: 2, perms: 'material:status', sortNo: 21, roles: ['admin'] },
  ...resourceMenu('base.taxRate', 'base', '税率', '/base/taxRate', 'srmTaxRate', 'taxRate', 3, ['import']).map(forBuyers(['list'])),
  ...resourceMenu('base.price', 'base', '价格库', '/base/priceRecord', 'srmPriceRecord', 'priceRecord', 4, ['import', 'edit', 'delete', 'deleteBatch']).map(forBuyers(['list', 'add', 'export'])),
  { key: 'base.settings', parent: 'base', name: '采购设置', url: '/base/purchaseSetting', component: 'srm/PurchaseSettings', menuType: 1, perms: 'purchaseSetting:list', sortNo: 5, roles: ['admin'] },
  { key: 'base.settings.view', parent: 'base.settings', name: '查看采购设置', menuType: 2, perms: 'purchaseSetting:list', sortNo: 1, roles: ['admin'] },
  { key: 'base.settings.edit', parent: 'base.settings', name: '修改采购设置', menuType: 2, perms: 'purchaseSetting:edit', sortNo: 2, roles: ['admin'] },
  // The source list (§3 SupplierMaterial): buyers keep it, 冻结/解冻 are commands; each supplier reads its own rows.
  ...resourceMenu('base.sourceList', 'base', '货源清单', '/base/supplierMaterial', 'supplierMaterial', 'supplierMaterial', 6, ['import'], ['admin', 'buyer']),
  { key: 'base.sourceList.status', parent: 'base.sourceList', name: '冻结/解冻货源', menuType: 2, perms: 'supplierMaterial:status', sortNo: 20, roles: ['admin', 'buyer'] },

  // Purchase requisitions (domain §8): requesters and buyers draft, submit (approval by budget, PR-2), withdraw and cancel the rest (PR-5).
  { key: 'requisition', name: '采购申请', url: '/srm/requisition', component: 'srm/RequisitionList', menuType: 0, perms: 'srm:requisition:list', icon: 'FileTextOutlined', sortNo: 13, keepAlive: true, roles: ['admin', 'buyer'] },
  ...([
    ['list', '查看采购申请'],
    ['add', '新建采购申请'],
    ['edit', '编辑采购申请'],
    ['delete', '删除采购申请'],
    ['submit', '提交与撤回采购申请'],
    ['cancel', '取消剩余数量'],
  ] as [string, string][]).map(([action, name], i): MenuSeed => ({ key: `requisition.${action}`, parent: 'requisition', name, menuType: 2, perms: `srm:requisition:${action}`, sortNo: i + 1, roles: ['admin', 'buyer'] })),

  // Quota arrangements (domain §14): drafts from split awards (QUO-9), edited and submitted by buyers, activated by approval (QUO-1/2).
  { key: 'quota', name: '配额管理', url: '/srm/quota', component: 'srm/QuotaList', menuType: 0, perms: 'srm:quota:list', icon: 'TableOutlined', sortNo: 15, keepAlive: true, roles: ['admin', 'buyer'] },
  ...([
    ['list', '查看配额'],
    ['edit', '编辑配额'],
    ['submit', '提交配额审批'],
  ] as [string, string][]).map(([action, name], i): MenuSeed => ({ key: `quota.${action}`, parent: 'quota', name, menuType: 2, perms: `srm:quota:${action}`, sortNo: i + 1, roles: ['admin', 'buyer'] })),

  // 审批中心 (decision 6, X-10): every internal user's tasks and applications; administrators configure the flows.
  { key: 'approval', name: '审批中心', url: '/approval', component: 'layouts/RouteView', menuType: 0, icon: 'AuditOutlined', sortNo: 60, roles: ['admin', 'buyer'] },
  { key: 'approval.todo', parent: 'approval', name: '我的待办', url: '/approval/todo', component: 'approval/TodoList', menuType: 1, sortNo: 1, roles: ['admin', 'buyer'] },
  { key: 'approval.done', parent: 'approval', name: '已办', url: '/approval/done', component: 'approval/DoneList', menuType: 1, sortNo: 2, roles: ['admin', 'buyer'] },
  { key: 'approval.mine', parent: 'approval', name: '我的申请', url: '/approval/mine', component: 'approval/MyApplications', menuType: 1, sortNo: 3, roles: ['admin', 'buyer'] },
  { key: 'approval.cc', parent: 'approval', name: '抄送我的', url: '/approval/cc', component: 'approval/CcList', menuType: 1, sortNo: 4, roles: ['admin', 'buyer'] },
  { key: 'approval.definition', parent: 'approval', name: '审批配置', url: '/approval/definition', component: 'approval/DefinitionList', menuType: 1, perms: 'approval:definition', sortNo: 5, roles: ['admin'] },
  { key: 'approval.definition.edit', parent: 'approval.definition', name: '修改审批配置', menuType: 2, perms: 'approval:definition', sortNo: 1, roles: ['admin'] },

  // Routed but not in the side menu: the notice bell's 查看更多 leads here (not for suppliers).
  { key: 'messages', name: '我的消息', url: '/messageSeting/annountCement', component: 'system/MyAnnouncementList', menuType: 0, icon: 'BellOutlined', sortNo: 80, hidden: true, roles: ['admin', 'buyer'] },

  { key: 'portal', name: '门户管理', url: '/portal-admin', component: 'layouts/RouteView', menuType: 0, icon: 'GlobalOutlined', sortNo: 70, roles: ['admin'] },
  ...resourceMenu('portal.purchase', 'portal', '采购公告', '/portal-admin/purchaseAnnouncement', 'portalPurchaseAnnouncement', 'portalPurchase', 1, ['import']),
  ...resourceMenu('portal.result', 'portal', '结果公告', '/portal-admin/resultAnnouncement', 'portalResultAnnouncement', 'portalResult', 2, ['import']),
  ...resourceMenu('portal.news', 'portal', '新闻资讯', '/portal-admin/news', 'portalNews', 'portalNews', 3, ['import']),
  { key: 'portal.signup', parent: 'portal', name: '报名记录', url: '/portal-admin/signup', component: 'portal/SignupList', menuType: 1, perms: 'portalPurchase:list', sortNo: 4, keepAlive: true, roles: ['admin'] },
  { key: 'portal.designer', parent: 'portal', name: '门户设计', url: '/portal-admin/designer', component: 'portal/PageDesigner', menuType: 1, perms: 'portal:config', sortNo: 5, roles: ['admin'] },
  { key: 'portal.designer.save', parent: 'portal.designer', name: '保存门户配置', menuType: 2, perms: 'portal:config', sortNo: 1, roles: ['admin'] },

  { key: 'sys', name: '系统管理', url: '/isystem', component: 'layouts/RouteView', menuType: 0, icon: 'SettingOutlined', sortNo: 90, roles: ['admin'] },
  { key: 'sys.user', parent: 'sys', name: '用户管理', url: '/isystem/user', component: 'system/UserList', menuType: 1, perms: 'user:list', sortNo: 1, keepAlive: true, roles: ['admin'] },
  { key: 'sys.user.view', parent: 'sys.user', name: '查看用户', menuType: 2, perms: 'user:list', sortNo: 1, roles: ['admin'] },
  { key: 'sys.user.add', parent: 'sys.user', name: '添加用户', menuType: 2, perms: 'user:add', sortNo: 2, roles: ['admin'] },
  { key: 'sys.user.edit', parent: 'sys.user', name: '编辑用户', menuType: 2, perms: 'user:edit', sortNo: 3, roles: ['admin'] },
  { key: 'sys.user.delete', parent: 'sys.user', name: '删除用户', menuType: 2, perms: 'user:delete', sortNo: 4, roles: ['admin'] },
  { key: 'sys.online', parent: 'sys', name: '在线用户', url: '/isystem/online', component: 'system/OnlineUser', menuType: 1, perms: 'online:list', sortNo: 7, roles: ['admin'] },
  // The buttons keep their name and perms (what base data keys a row by): installations that
  // received them under 系统管理 keep them there, which grants the same codes.
  { key: 'sys.online.list', parent: 'sys.online', name: '查看在线用户', menuType: 2, perms: 'online:list', sortNo: 1, roles: ['admin'] },
  { key: 'sys.online.force', parent: 'sys.online', name: '强制退出', menuType: 2, perms: 'online:forceLogout', sortNo: 2, roles: ['admin'] },
  // Logs are an audit record: they can be read, never edited or deleted.
  { key: 'sys.log', parent: 'sys', name: '日志管理', url: '/isystem/log', component: 'system/LogList', menuType: 1, perms: 'log:list', sortNo: 8, roles: ['admin'] },
  { key: 'sys.log.view', parent: 'sys.log', name: '查看日志', menuType: 2, perms: 'log:list', sortNo: 1, roles: ['admin'] },
  ...resourceMenu('sys.role', 'sys', '角色管理', '/isystem/role', 'sysRole', 'role', 2),
  ...resourceMenu('sys.position', 'sys', '职务管理', '/isystem/position', 'sysPosition', 'position', 3),
  { key: 'sys.permission', parent: 'sys', name: '菜单管理', url: '/isystem/permission', component: 'system/PermissionList', menuType: 1, perms: 'permission:list', sortNo: 9, keepAlive: true, roles: ['admin'] },
  { key: 'sys.permission.view', parent: 'sys.permission', name: '查看菜单', menuType: 2, perms: 'permission:list', sortNo: 1, roles: ['admin'] },
  { key: 'sys.permission.add', parent: 'sys.permission', name: '添加菜单', menuType: 2, perms: 'permission:add', sortNo: 2, roles: ['admin'] },
  { key: 'sys.permission.edit', parent: 'sys.permission', name: '编辑菜单', menuType: 2, perms: 'permission:edit', sortNo: 3, roles: ['admin'] },
  { key: 'sys.permission.delete', parent: 'sys.permission', name: '删除菜单', menuType: 2, perms: 'permission:delete', sortNo: 4, roles: ['admin'] },
  ...resourceMenu('sys.dict', 'sys', '数据字典', '/isystem/dict', 'sysDict', 'dict', 4),
  ...resourceMenu('sys.annt', 'sys', '通知公告', '/isystem/annountCement', 'sysAnnouncement', 'announcement', 5),
  ...resourceMenu('sys.tenant', 'sys', '租户管理', '/isystem/tenant', 'sysTenant', 'tenant', 12),
  { key: 'sys.depart', parent: 'sys', name: '部门管理', url: '/isystem/depart', component: 'system/DepartList', menuType: 1, perms: 'depart:list', sortNo: 6, keepAlive: true, roles: ['admin'] },
  { key: 'sys.depart.view', parent: 'sys.depart', name: '查看部门', menuType: 2, perms: 'depart:list', sortNo: 1, roles: ['admin'] },
  { key: 'sys.depart.add', parent: 'sys.depart', name: '添加部门', menuType: 2, perms: 'depart:add', sortNo: 2, roles: ['admin'] },
  { key: 'sys.depart.edit', parent: 'sys.depart', name: '编辑部门', menuType: 2, perms: 'depart:edit', sortNo: 3, roles: ['admin'] },
  { key: 'sys.depart.delete', parent: 'sys.depart', name: '删除部门', menuType: 2, perms: 'depart:delete', sortNo: 4, roles: ['admin'] },
  { key: 'sys.depart.permission', parent: 'sys.depart', name: '部门权限', menuType: 2, perms: 'depart:permission', sortNo: 5, roles: ['admin'] },
  { key: 'sys.category', parent: 'sys', name: '分类字典', url: '/isystem/category', component: 'system/CategoryList', menuType: 1, perms: 'category:list', sortNo: 13, keepAlive: true, roles: ['admin'] },
  { key: 'sys.category.view', parent: 'sys.category', name: '查看分类', menuType: 2, perms: 'category:list', sortNo: 1, roles: ['admin'] },
  { key: 'sys.category.add', parent: 'sys.category', name: '添加分类', menuType: 2, perms: 'category:add', sortNo: 2, roles: ['admin'] },
  { key: 'sys.category.edit', parent: 'sys.category', name: '编辑分类', menuType: 2, perms: 'category:edit', sortNo: 3, roles: ['admin'] },
  { key: 'sys.category.delete', parent: 'sys.category', name: '删除分类', menuType: 2, perms: 'category:delete', sortNo: 4, roles: ['admin'] },
  // The widget gallery: every shared form widget with its states, for developers and testers.
  { key: 'sys.widgets', parent: 'sys', name: '组件示例', url: '/isystem/widgets', component: 'gallery/WidgetGallery', menuType: 1, perms: 'widgets:view', sortNo: 14, roles: ['admin'] },
  { key: 'sys.widgets.view', parent: 'sys.widgets', name: '查看组件示例', menuType: 2, perms: 'widgets:view', sortNo: 1, roles: ['admin'] },
  ...resourceMenu('sys.checkRule', 'sys', '编码校验规则', '/isystem/checkRule', 'sysCheckRule', 'checkRule', 10),
  ...resourceMenu('sys.fillRule', 'sys', '填值规则', '/isystem/fillRule', 'sysFillRule', 'fillRule', 11),
  // Online reports (admin) and their data, which popups in forms read (administrators and buyers).
  { key: 'online', name: '在线开发', url: '/online', component: 'layouts/RouteView', menuType: 0, icon: 'CodeOutlined', sortNo: 85, roles: ['admin'] },
  ...resourceMenu('online.report', 'online', '在线报表', '/online/cgreport', 'onlCgreportHead', 'onlReport', 1, ['import']),
  { key: 'online.report.data', parent: 'online.report', name: '读取报表数据', menuType: 2, perms: 'onlReport:data', sortNo: 20, roles: ['admin', 'buyer'] },
  ...resourceMenu('online.extendField', 'online', '扩展字段', '/online/extendField', 'sysExtendField', 'extendField', 2, ['import']),
  // Buyers read organisations (the organisation picker in their forms); keeping them stays with administrators.
  ...resourceMenu('sys.dataorg', 'sys', '组织机构', '/isystem/dataorg', 'bdDataorg', 'dataorg', 13).map((m) => (m.key === 'sys.dataorg.list' ? { ...m, roles: ['admin', 'buyer'] } : m)),
];

/** A menu for a generic resource page (`resource/<key>`), with one button per action, for administrators (or the roles given). */
function resourceMenu(key: string, parent: string, name: string, url: string, resource: string, permission: string, sortNo: number, without: string[] = [], roles: string[] = ['admin']): MenuSeed[] {
  const actions = ([
    ['list', '查看'],
    ['add', '新增'],
    ['edit', '编辑'],
    ['delete', '删除'],
    ['deleteBatch', '批量删除'],
    ['export', '导出'],
    ['import', '导入'],
  ] as [string, string][]).filter(([action]) => !without.includes(action));
  return [
    { key, parent, name, url, component: `resource/${resource}`, menuType: 1, perms: `${permission}:list`, sortNo, keepAlive: true, roles },
    ...actions.map(([action, label], i): MenuSeed => ({ key: `${key}.${action}`, parent: key, name: `${label}${name.replace('管理', '')}`, menuType: 2, perms: `${permission}:${action}`, sortNo: i + 1, roles })),
  ];
}

/** Buttons of the sample request transitions (`sampleRequest:<action>`). */
function sampleButtons(parent: string, actions: [string, string][], roles: string[]): MenuSeed[] {
  return actions.map(([action, name], i) => ({ key: `${parent}.${action}`, parent, name, menuType: 2, perms: `sampleRequest:${action}`, sortNo: 20 + i, roles }));
}

/** Also gives buyers a resource menu and the listed buttons of it (`base.material.add` …). */
function forBuyers(actions: string[]): (m: MenuSeed) => MenuSeed {
  return (m) => (m.menuType !== 2 || actions.some((a) => m.key.endsWith(`.${a}`)) ? { ...m, roles: [...new Set([...m.roles, 'buyer'])] } : m);
}

export const BASE_ROLES = [
  { roleCode: 'admin', roleName: '管理员', description: '系统管理员，拥有全部权限' },
  { roleCode: 'buyer', roleName: '采购员', description: '负责寻源、合同与订单' },
  { roleCode: 'supplier', roleName: '供应商', description: '供应商用户' },
  { roleCode: 'expert', roleName: '评标专家', description: '技术、经济专家：参加评标委员会，评分并签署评标报告（TND-11）' },
];

export const BASE_DEPARTMENTS = [
  { key: 'hq', name: '总公司', orgCode: 'A01', orgCategory: '1', order: 0 },
  { key: 'purchase', parent: 'hq', name: '采购部', orgCode: 'A01A01', orgCategory: '2', order: 1 },
  { key: 'quality', parent: 'hq', name: '质量部', orgCode: 'A01A02', orgCategory: '2', order: 2 },
  { key: 'finance', parent: 'hq', name: '财务部', orgCode: 'A01A03', orgCategory: '2', order: 3 },
];
