import { z } from 'zod';
import { decimals, isDecimal } from '@procura/shared';
import { id } from '../../http/wire.js';

/* The wire shapes of an evaluation (§11.3): method and criteria, committee, scores. */

const score = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => isDecimal(v) && decimals(v) <= 2, `${label}须为不小于0、最多两位小数的数字`);

const criterionBody = z.object({
  group: z.enum(['PRICE', 'TECHNICAL', 'BUSINESS'], { message: '评分项分组应为价格、技术或商务' }),
  name: z.string().trim().min(1, '请填写评分项名称').max(200, '评分项名称不能超过200个字符'),
  method: z.enum(['FORMULA', 'MANUAL', 'PASS_FAIL'], { message: '评分方式应为公式、人工打分或合格/不合格' }),
  maxScore: score('满分').optional(),
  guide: z.string().trim().max(1000, '评分标准不能超过1000个字符').optional(),
});

export const setupBody = z.object({
  eventId: id,
  // Left out: the tender's settings (0046), else COMPREHENSIVE_SCORE, LOWEST_AS_BASE, 3 days, false.
  evaluationMethod: z
    .enum(['LOWEST_EVALUATED_PRICE', 'COMPREHENSIVE_SCORE'], {
      message: '评标办法应为经评审的最低投标价法或综合评估法',
    })
    .optional(),
  priceFormula: z
    .enum(['LOWEST_AS_BASE', 'AVERAGE_AS_BASE'], { message: '价格分计算方式应为最低价基准或平均价基准' })
    .optional(),
  publicityDays: z.number().int('公示天数须为整数').max(30, '公示天数不能超过30天').optional(),
  mustAwardRank1: z.boolean().optional(),
  criteria: z.array(criterionBody).min(1, '请至少设置一个评审项').max(100),
});

export const committeeBody = z.object({
  eventId: id,
  members: z
    .array(
      z.object({
        userId: id,
        role: z.enum(['CHAIR', 'MEMBER', 'BUYER_REP'], { message: '成员角色应为主任委员、委员或采购人代表' }),
      }),
    )
    .max(51),
});

export const scoresBody = z.object({
  eventId: id,
  scores: z
    .array(
      z.object({
        responseId: id,
        criterionId: id,
        score: score('得分').optional(),
        passed: z.boolean().optional(),
        comment: z.string().trim().max(1000, '评语不能超过1000个字符').optional(),
      }),
    )
    .max(5000),
});

export type SetupBody = z.infer<typeof setupBody>;
export type CommitteeBody = z.infer<typeof committeeBody>;
export type ScoresBody = z.infer<typeof scoresBody>;
