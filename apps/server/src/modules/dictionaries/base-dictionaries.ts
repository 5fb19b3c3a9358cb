/**
 * The dictionaries every installation starts with (domain §26 plus the system's own).
 * Each entry: code, name, then `value label` pairs in display order.
 */
export const BASE_DICTIONARIES: [code: string, name: string, items: string][] = [
  ['sex', '性别', '1 男 · 2 女'],
  ['user_status', '用户状态', '1 正常 · 2 冻结'],
  ['user_type', '用户类型', '1 内部用户 · 2 供应商用户'],
  ['yn', '是否', '1 是 · 0 否'],
  ['priority', '优先级', 'L 一般 · M 重要 · H 紧急'],
  ['msg_category', '消息类型', '1 通知公告 · 2 系统消息'],
  ['msg_type', '通告对象类型', 'ALL 全体用户 · USER 指定用户'],
  ['send_status', '发布状态', '0 未发布 · 1 已发布 · 2 已撤销'],
  ['open_type', '打开方式', 'url 页面地址 · component 组件'],
  ['menu_type', '菜单类型', '0 一级菜单 · 1 子菜单 · 2 按钮权限'],
  ['org_category', '机构类型', '1 公司 · 2 部门 · 3 岗位'],
  ['enable_status', '启用状态', '1 启用 · 0 禁用'],
  ['tenant_status', '租户状态', '1 正常 · 0 冻结'],
  ['fill_rule_date_format', '填值规则日期格式', 'yyyyMMdd 年月日 · yyMMdd 两位年月日 · yyyyMM 年月 · yyyy 年'],
  ['report_field_type', '报表字段类型', 'string 文本 · integer 整数 · number 数值 · date 日期 · datetime 日期时间'],
  ['report_search_mode', '报表查询模式', 'single 单条件 · group 范围'],
  ['extend_data_type', '扩展字段类型', 'String 文本 · number 数值 · date 日期 · dateTime 日期时间'],
  ['extend_area', '扩展字段位置', 'head 表头 · body 表体'],
  ['fill_rule_seq_reset', '流水号重置', 'day 每天 · month 每月 · year 每年 · never 不重置'],
  ['position_rank', '职级', 'P1 员级 · P2 助理级 · P3 中级 · P4 副高级 · P5 正高级'],
  [
    'supplier_main_category',
    '主营品类',
    'RAW_MATERIAL 原材料 · ELECTRONICS 电子元器件 · MACHINERY 机械设备 · PACKAGING 包装材料 · CHEMICAL 化工产品 · OFFICE 办公用品 · LOGISTICS 物流服务 · ENGINEERING 工程服务 · IT_SERVICE 信息技术服务',
  ],
  [
    'srm_supplier_info_status',
    '企业信息状态',
    'INCOMPLETE 待完善 · SUBMITTED 已提交 · RETURNED 已退回 · APPROVED 已通过',
  ],
  [
    'srm_supplier_source',
    '供应商来源',
    'SELF_REGISTERED 自主注册 · INVITED 邀请注册 · MANUAL 手工创建 · IMPORT 初始化导入',
  ],
  ['srm_sourcing_type', '寻源方式', 'TENDER 招标 · RFQ 询价 · AUCTION 竞价'],
  [
    'srm_purchase_method',
    '采购方式',
    'OPEN_TENDER 公开招标 · INVITED_TENDER 邀请招标 · RFQ 询比价 · NEGOTIATION 竞争性谈判 · SINGLE_SOURCE 单一来源 · REVERSE_AUCTION 竞价',
  ],
  ['srm_purchase_type', '采购类型', 'GOODS 物资 · WORKS 工程 · SERVICES 服务'],
  [
    'srm_event_status',
    '寻源状态',
    'DRAFT 草稿 · PENDING_APPROVAL 审批中 · APPROVED 待发布 · PUBLISHED 已发布 · RUNNING 竞价中 · PAUSED 已暂停 · CLOSED 已截止 · INSUFFICIENT 响应不足 · OPENED 已开标 · EVALUATING 评审中 · AWARD_PENDING_APPROVAL 定标审批中 · PUBLICITY 公示中 · SUSPENDED 已中止 · AWARDED 已定标 · COMPLETED 已结项 · FAILED 已流标 · CANCELLED 已终止',
  ],
  [
    'srm_supplier_status',
    '供应商状态',
    'REGISTERED 注册中 · PENDING_REVIEW 待审核 · POTENTIAL 潜在 · QUALIFIED 合格 · FROZEN 冻结 · BLACKLISTED 黑名单 · ELIMINATED 淘汰',
  ],
  [
    'srm_supplier_category_status',
    '品类准入状态',
    'APPLYING 准入中 · TRIAL 试用 · QUALIFIED 合格 · SUSPENDED 暂停 · TERMINATED 终止',
  ],
  [
    'srm_company_type',
    '企业性质',
    'STATE_OWNED 国有企业 · PRIVATE 民营企业 · FOREIGN 外资企业 · JOINT_VENTURE 合资企业 · INDIVIDUAL 个体工商户 · OTHER 其他',
  ],
  [
    'srm_qualification_type',
    '资质类型',
    'BUSINESS_LICENSE 营业执照 · ISO9001 ISO 9001 质量管理体系认证 · ISO14001 ISO 14001 环境管理体系认证 · SAFETY_LICENSE 安全生产许可证 · CCC 3C 认证 · INDUSTRY_LICENSE 行业许可证',
  ],
  [
    'srm_qualification_status',
    '资质状态',
    'PENDING_REVIEW 待审核 · VALID 有效 · EXPIRING 即将到期 · EXPIRED 已过期 · REJECTED 已驳回',
  ],
  [
    'srm_pr_status',
    '采购申请状态',
    'DRAFT 草稿 · PENDING_APPROVAL 审批中 · APPROVED 已审批 · REJECTED 已驳回 · PARTIALLY_PROCESSED 部分处理 · PROCESSED 已处理 · CLOSED 已关闭',
  ],
  ['srm_grade', '供应商等级', 'A 优秀 · B 良好 · C 合格 · D 不合格'],
  ['srm_active_status', '启用状态', 'ACTIVE 启用 · INACTIVE 停用'],
  ['srm_material_status', '物料状态', 'DRAFT 草稿 · PENDING_APPROVAL 审批中 · ACTIVE 启用 · INACTIVE 停用'],
  ['srm_bill_control', '开票依据', 'RECEIVED 按收货数量 · ORDERED 按订单数量'],
  ['srm_price_source', '价格来源', 'AWARD 定标 · CONTRACT 合同 · MANUAL 手工录入'],
  ['srm_price_status', '价格状态', 'ACTIVE 有效 · EXPIRED 已过期 · SUPERSEDED 已被替代'],
  ['srm_source_status', '货源状态', 'ACTIVE 有效 · BLOCKED 已冻结'],
  [
    'srm_sample_status',
    '送样状态',
    'DRAFT 草稿 · SENT 已发送 · CONFIRMED 已确认 · REFUSED 已拒绝 · SHIPPED 已寄出 · RECEIVED 已签收 · TESTED 已测试 · CLOSED 已关闭 · CANCELLED 已取消',
  ],
  ['srm_sample_purpose', '送样目的', 'ADMISSION 准入 · SOURCING 寻源 · ENGINEERING_CHANGE 工程变更'],
  ['srm_sample_ship_method', '寄送方式', 'EXPRESS 快递 · LOGISTICS 物流 · HAND 专人送达'],
  ['srm_sample_result', '样品测试结果', 'PASS 合格 · FAIL 不合格'],
  ['srm_currency', '币种', 'CNY 人民币 · USD 美元 · EUR 欧元 · JPY 日元 · HKD 港币'],
  [
    'srm_payment_terms',
    '付款条件',
    'PREPAID 预付款 · ON_RECEIPT 货到付款 · NET_30 月结30天 · NET_60 月结60天 · NET_90 月结90天',
  ],
  ['portal_sourcing_type', '门户寻源类型', 'tender 招标 · inquiry 询价 · bidding 竞价'],
  ['portal_announcement_status', '门户公告状态', 'draft 草稿 · published 已发布 · closed 已关闭 · withdrawn 已撤回'],
  ['portal_news_status', '新闻状态', 'draft 草稿 · published 已发布'],
  ['portal_news_type', '新闻类型', '公司新闻 公司新闻 · 行业新闻 行业新闻'],
  [
    'srm_portal_phase',
    '门户公告阶段',
    '预告 预告 · 报名中 报名中 · 响应中 响应中 · 评审中 评审中 · 公示中 公示中 · 已结束 已结束 · 已流标 已流标 · 已终止 已终止',
  ],
  [
    'srm_payment_method',
    '付款方式',
    'BANK_TRANSFER 银行转账 · BANK_ACCEPTANCE_BILL 银行承兑汇票 · COMMERCIAL_ACCEPTANCE_BILL 商业承兑汇票 · OTHER 其他',
  ],
  ['srm_eval_period_type', '评估周期', 'MONTH 月度 · QUARTER 季度 · HALF_YEAR 半年度 · YEAR 年度'],
  ['srm_eval_template_status', '模板状态', 'DRAFT 草稿 · ACTIVE 启用 · INACTIVE 停用'],
  [
    'srm_eval_project_status',
    '评估项目状态',
    'DRAFT 草稿 · SCORING 评分中 · CALCULATED 已计算 · PENDING_APPROVAL 审批中 · PUBLISHED 已发布 · CLOSED 已关闭',
  ],
  ['srm_eval_appeal_status', '申诉状态', 'NONE 无 · OPEN 申诉中 · UPHELD 申诉成立 · REJECTED 申诉驳回'],
  ['srm_eval_consequence_status', '等级后果状态', 'NONE 无 · APPLIED 已执行 · PENDING 待确认 · DECLINED 已驳回'],
  [
    'srm_question_purpose',
    '问卷用途',
    'REGISTRATION 注册问卷 · ADMISSION 准入自评 · SITE_AUDIT 现场审核 · EVALUATION 绩效评估 · SURVEY 调查 · TENDER_TECHNICAL 技术标',
  ],
  [
    'srm_questionnaire_status',
    '问卷状态',
    'SENT 已发送 · IN_PROGRESS 填写中 · SUBMITTED 已提交 · REVIEWED 已审阅 · EXPIRED 已过期',
  ],
];

export function parseDictItems(items: string): { value: string; text: string }[] {
  return items.split(' · ').map((pair) => {
    const at = pair.indexOf(' ');
    return { value: pair.slice(0, at), text: pair.slice(at + 1) };
  });
}
