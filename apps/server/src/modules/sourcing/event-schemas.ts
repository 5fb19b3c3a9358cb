import { z } from 'zod';
import { decimalText, flag, id, requiredLineText, richText, text, wireTime } from '../../http/wire.js';
import { lineBody } from './event-lines.js';

/**
 * The wire shape of an RFQ draft (§9): the header fields and the lines, shared by the event routes
 * and the RFQ made from a requisition (from-requisition.ts).
 */

const headerFields = {
  title: requiredLineText(200, '标题'),
  method: z.enum(['RFQ', 'NEGOTIATION', 'SINGLE_SOURCE'], { error: '采购方式不正确' }).optional(),
  purchaseType: z.enum(['GOODS', 'WORKS', 'SERVICES'], { error: '采购类型不正确' }).optional(),
  visibility: z.enum(['PUBLIC', 'INVITED'], { error: '公开方式不正确' }).optional(),
  eligibility: z
    .enum(['QUALIFIED_IN_CATEGORY', 'QUALIFIED_ANY', 'POTENTIAL_OR_BETTER'], { error: '参与资格不正确' })
    .optional(),
  orgCode: text(64, '采购组织').optional(),
  orgName: text(200, '采购组织名称').optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, '币种不正确')
    .optional(),
  taxIncludedQuote: flag.optional(),
  estimatedAmount: decimalText('预算金额').optional(),
  responseStartAt: wireTime('报价开始时间').optional(),
  responseDeadline: wireTime('报价截止时间').optional(),
  clarificationDeadline: wireTime('澄清截止时间').optional(),
  signupStartAt: wireTime('报名开始时间').optional(),
  signupDeadline: wireTime('报名截止时间').optional(),
  sealed: flag.optional(),
  allowRevision: flag.optional(),
  allowWithdraw: flag.optional(),
  allowPartialQuote: flag.optional(),
  showTargetPrice: flag.optional(),
  pricePrecision: z.number().int().min(0).max(6).optional(),
  minInvited: z.number().int().min(1, '最少邀请数至少为1').max(100).optional(),
  minQuotes: z.number().int().min(1, '最少报价数至少为1').max(100).optional(),
  awardMode: z.enum(['SINGLE', 'SPLIT_BY_LINE', 'SPLIT_BY_QTY'], { error: '定标方式不正确' }).optional(),
  contactName: text(50, '联系人').optional(),
  contactPhone: text(30, '联系电话').optional(),
  contactEmail: text(100, '联系邮箱').optional(),
  content: richText(20000, '公告内容').optional(),
  remark: text(500, '备注').optional(),
};

export const addBody = z.object({
  ...headerFields,
  lines: z.array(lineBody).min(1, '请至少添加一行物料').max(200, '物料行不能超过200行'),
});
export const editBody = z.object({
  id,
  version: z.number().int(),
  ...headerFields,
  title: headerFields.title.optional(),
  lines: addBody.shape.lines.optional(),
});

export type Header = Partial<z.infer<typeof editBody>>;
export type AddBody = z.infer<typeof addBody>;

export type EditBody = z.infer<typeof editBody>;
