import { z } from 'zod';
import { SAMPLE_HAND_DELIVERY, SAMPLE_SHIP_METHODS, SAMPLE_TEST_RESULTS, type SampleAction } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { serverNowIso } from '../../core/clock.js';
import { badRequest, businessError } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { text, wireDate } from '../../http/wire.js';
import { transitionHook, type TransitionHooks } from '../../resource/workflow-routes.js';
import { amountReaches, isAmount } from '../approval/approval-amount.js';
import type { SrmSampleRequestTable } from './sample-tables.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';
import { ADMISSION_REVIEW_SOURCE } from '../supplier/admission-review.js';
import { notifyUsers } from '../announcements/notify.js';
import { noticeHtml } from '../../core/sanitize.js';

export type SampleRow = SrmSampleRequestTable;

export const positiveQty = (v: string) => isAmount(v) && !amountReaches('0', v);

const eligible = (r: SampleRow, trx: Db) => assertSupplierEligible(trx, r.supplierId);

/** The notice's detail line of each transition, from what the actor sent. */
function noticeDetail(action: string, input: Record<string, unknown>): string {
  const v = (k: string) => (typeof input[k] === 'string' ? (input[k] as string) : '');
  if (action === 'cancel' || action === 'refuse') return v('reason');
  if (action === 'confirm') return v('remark');
  if (action === 'ship')
    return v('shipMethod') === SAMPLE_HAND_DELIVERY
      ? `专人送达：${v('deliveryNote')}`
      : `${v('carrier')} 运单号 ${v('trackingNo')}`;
  if (action === 'test') return v('testResult') === 'PASS' ? '测试合格' : '测试不合格';
  return '';
}

/**
 * The rules of §7 beside the generic transition routes (`POST /srm/sampleRequest/<action>`):
 * the values each action takes, SMP-1 and SMP-2 checks, X-15 eligibility, the notices (X-12)
 * and the hand-over of a test result to its admission review (SMP-3).
 */
export function sampleTransitions(ctx: AppContext): TransitionHooks<SampleRow> {
  return {
    after: (row, action, trx, input) => notifySample(trx, row, action as SampleAction, noticeDetail(action, input)),
    actions: {
      send: transitionHook({}, () => ({ guard: eligible }), '发送送样申请（草稿 → 已发送），通知供应商'),
      cancel: { summary: '取消送样申请（草稿或已发送 → 已取消）' },
      confirm: transitionHook(
        { remark: text(500, '回复').optional() },
        (input) => ({ patch: { supplierRemark: input.remark || null }, guard: eligible }),
        '供应商确认送样（已发送 → 已确认）',
      ),
      refuse: transitionHook(
        {},
        (input) => ({ patch: { supplierRemark: input.reason?.trim() || null } }),
        '供应商拒绝送样（已发送 → 已拒绝），须填写原因',
      ),
      ship: transitionHook(
        {
          shipMethod: z.enum(SAMPLE_SHIP_METHODS, { error: '请选择寄送方式' }),
          carrier: text(100, '承运商').optional(),
          trackingNo: text(64, '运单号').optional(),
          deliveryNote: text(500, '送货说明').optional(),
          estimatedArrival: wireDate('预计到达日期').optional(),
        },
        (input) => {
          // SMP-1: a carrier's tracking number, or a note for hand delivery.
          const hand = input.shipMethod === SAMPLE_HAND_DELIVERY;
          if (hand && !input.deliveryNote)
            throw badRequest('专人送达请填写送货说明（SMP-1）', { deliveryNote: '请填写送货说明' });
          if (!hand && !input.trackingNo)
            throw badRequest('寄出样品须填写运单号（SMP-1）', { trackingNo: '请填写运单号' });
          if (!hand && !input.carrier) throw badRequest('请填写承运商', { carrier: '请填写承运商' });
          const patch = {
            shipMethod: input.shipMethod,
            carrier: hand ? null : input.carrier!,
            trackingNo: hand ? null : input.trackingNo!,
            deliveryNote: input.deliveryNote || null,
            estimatedArrival: input.estimatedArrival ?? null,
            shippedAt: serverNowIso(),
          };
          return { patch, guard: eligible };
        },
        '供应商寄出样品（已确认 → 已寄出，SMP-1）',
      ),
      receive: transitionHook(
        { receivedQty: z.string().trim() },
        (input) => {
          if (!positiveQty(input.receivedQty))
            throw badRequest('签收数量必须大于0（SMP-2）', { receivedQty: '签收数量必须大于0' });
          return { patch: { receivedQty: input.receivedQty, receivedAt: serverNowIso() } };
        },
        '签收样品（已寄出 → 已签收，SMP-2）',
      ),
      test: transitionHook(
        {
          testResult: z.enum(SAMPLE_TEST_RESULTS, { error: '请选择测试结果' }),
          testReport: text(2000, '测试报告').optional(),
          testReportFiles: text(2000, '测试报告附件').optional(),
        },
        async (input, actor) => {
          const files = (input.testReportFiles ?? '')
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean);
          if (!input.testReport && files.length === 0)
            throw badRequest('测试结果须附测试报告（文字或附件，SMP-2）', { testReport: '请填写测试报告或上传附件' });
          if (files.length) {
            // Only files the tester uploaded are attached (UP-5).
            const found = await ctx.db
              .selectFrom('sysFile')
              .select('path')
              .where('path', 'in', files)
              .where('ownerId', '=', actor.user.id)
              .execute();
            if (found.length !== new Set(files).size)
              throw badRequest('测试报告附件不存在，请重新上传', { testReportFiles: '附件不存在' });
          }
          return {
            patch: {
              testResult: input.testResult,
              testReport: input.testReport || null,
              testReportFiles: files.join(',') || null,
              testedBy: actor.user.username,
              testedAt: serverNowIso(),
            },
            guard: (r) => {
              if (r.requesterId === actor.user.id) throw businessError('测试人不能是提出送样申请的采购员（SMP-2）');
            },
            // SMP-3: the result decides the SAMPLE step of a linked admission review.
            after: async (row, trx) => {
              if (row.sourceDocType === ADMISSION_REVIEW_SOURCE && row.sourceDocId)
                await ctx.admissionReviews.sampleTested(
                  trx,
                  row.sourceDocId,
                  row.code,
                  input.testResult,
                  input.testReport || null,
                );
            },
          };
        },
        '录入样品测试结果（已签收 → 已测试，SMP-2）',
      ),
      close: { summary: '关闭送样申请（已测试 → 已关闭）' },
    },
  };
}

/** Refuses a supplier that is frozen, blacklisted or eliminated (X-15). */
export async function assertSupplierEligible(trx: Db, supplierId: string): Promise<void> {
  const refusal = await supplierEligibility(trx, supplierId, { purpose: 'sample' });
  if (refusal) throw businessError(refusalText(refusal, '送样', 'X-15'));
}

/** The active users of a supplier: who gets its notices. */
async function supplierUsers(trx: Db, supplierId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('sysUser')
    .select('id')
    .where('supplierId', '=', supplierId)
    .where('status', '=', 1)
    .where('delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/** In-app notices of §7 (X-12): the supplier on a new or decided request, the requesting buyer on the supplier's moves. */
export async function notifySample(trx: Db, row: SampleRow, action: SampleAction, detail = ''): Promise<void> {
  const what = `${row.code} ${row.materialName}`;
  const body = noticeHtml`<p>${what}${detail ? `：${detail}` : ''}</p>`;
  const toSupplier = async (title: string) =>
    notifyUsers(trx, {
      userIds: await supplierUsers(trx, row.supplierId),
      title,
      content: body,
      busType: 'sample',
      busId: row.id,
      openType: 'url',
      openPage: '/srm/my-samples',
    });
  const toBuyer = (title: string) =>
    notifyUsers(trx, {
      userIds: [row.requesterId],
      title,
      content: body,
      busType: 'sample',
      busId: row.id,
      openType: 'url',
      openPage: '/srm/sample',
    });
  if (action === 'send') await toSupplier(`新的送样申请，请于${row.requiredBy}前送样`);
  else if (action === 'cancel' && row.status !== 'DRAFT') await toSupplier('送样申请已取消');
  else if (action === 'test') await toSupplier('样品测试结果已出');
  else if (action === 'confirm') await toBuyer('供应商已确认送样');
  else if (action === 'refuse') await toBuyer('供应商拒绝送样');
  else if (action === 'ship') await toBuyer('供应商已寄出样品');
}
