import { z } from 'zod';

/**
 * Contract text templates (合同文本模板, §15 `templateId, body`): one HTML template per contract
 * type, kept as the purchase setting `contract.templates` (§21). A template names the
 * document's fields as `{{field}}`; the server sanitises the template (XSS-1), escapes every
 * value, renders the lines and the pay plan as tables, and freezes the text into the contract
 * when it is submitted.
 */
export const CONTRACT_TEMPLATE_FIELDS: readonly (readonly [key: string, label: string])[] = [
  ['code', '合同编号'],
  ['versionNo', '版本号'],
  ['title', '合同名称'],
  ['contractType', '合同类型'],
  ['supplierName', '供应商（乙方）'],
  ['currency', '币种'],
  ['amountExclTax', '不含税金额'],
  ['taxAmount', '税额'],
  ['amountInclTax', '含税金额'],
  ['amountInclTaxCapital', '含税金额（大写）'],
  ['validFrom', '生效日期'],
  ['validTo', '失效日期'],
  ['deliveryTerms', '交货条款'],
  ['qualityTerms', '质量条款'],
  ['warrantyTerms', '质保条款'],
  ['lines', '合同明细表'],
  ['payPlan', '付款计划表'],
];

const common = (intro: string) =>
  [
    '<h2 style="text-align: center">{{title}}</h2>',
    '<p>合同编号：{{code}}（第 {{versionNo}} 版）</p>',
    '<p>乙方（供应商）：{{supplierName}}</p>',
    `<p>${intro}</p>`,
    '<h3>一、合同标的</h3>',
    '{{lines}}',
    '<p>合同金额（含税）：{{currency}} {{amountInclTax}}（大写：{{amountInclTaxCapital}}），其中不含税金额 {{amountExclTax}}，税额 {{taxAmount}}。</p>',
    '<h3>二、付款方式</h3>',
    '{{payPlan}}',
    '<h3>三、交货与验收</h3>',
    '<p>{{deliveryTerms}}</p>',
    '<p>{{qualityTerms}}</p>',
    '<h3>四、质量保证</h3>',
    '<p>{{warrantyTerms}}</p>',
    '<h3>五、合同期限</h3>',
    '<p>本合同自 {{validFrom}} 起至 {{validTo}} 止有效。</p>',
    '<p>本合同一式两份，甲乙双方各执一份，经双方签字盖章后生效。</p>',
  ].join('\n');

export const DEFAULT_CONTRACT_TEMPLATES: Readonly<Record<'STANDARD' | 'FRAMEWORK' | 'SERVICE', string>> = {
  STANDARD: common('甲乙双方经友好协商，就下列货物的采购达成如下协议。'),
  FRAMEWORK: common('甲乙双方就下列物料在合同期内的价格与供货达成框架协议，甲方按需下达订单，数量以订单为准。'),
  SERVICE: common('甲乙双方经友好协商，就下列服务的提供达成如下协议。'),
};

const template = z.string('请填写模板').max(20_000, '模板不能超过20000个字符');
export const contractTemplatesSchema = z.object({ STANDARD: template, FRAMEWORK: template, SERVICE: template });

/**
 * Fills `{{field}}` with the given values, which the caller has made safe HTML already (escaped
 * text, or tables it built from escaped cells); an unknown field becomes empty.
 */
export function fillContractTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_m, key: string) => values[key] ?? '');
}
