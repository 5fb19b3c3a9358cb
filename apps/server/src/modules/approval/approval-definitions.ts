import type { approvalDefinitionSaveSchema } from '@procura/shared';
import type { z } from 'zod';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { parseSteps } from './approval-engine.js';
import { approvalDocType, approvalDocTypes } from './approval-registry.js';

/**
 * 审批配置: the approval flow of each registered document type, per tenant. A saved flow applies
 * to documents submitted afterwards; running instances keep the steps they started with.
 */

/** Every registered document type with its tenant's flow, or null where none is configured. */
export async function approvalDefinitions(db: Db, tenantId: number) {
  const rows = await db.selectFrom('approvalDefinition').selectAll().where('tenantId', '=', tenantId).execute();
  const byType = new Map(rows.map((r) => [r.docType, r]));
  return approvalDocTypes().map((t) => {
    const d = byType.get(t.docType);
    return {
      docType: t.docType,
      label: t.label,
      definition: d
        ? {
            id: d.id,
            name: d.name,
            enabled: d.enabled,
            steps: parseSteps(d.steps),
            ccUserIds: (d.ccUserIds ?? '').split(',').filter(Boolean),
            version: d.version,
            updateTime: toWireDateTime(d.updateTime ?? d.createTime),
            updateBy: d.updateBy ?? d.createBy,
          }
        : null,
    };
  });
}

/** Saves a flow: approvers must exist, and an edit must name the version it was made from. */
export async function saveApprovalDefinition(
  db: Db,
  username: string,
  tenantId: number,
  body: z.output<typeof approvalDefinitionSaveSchema>,
): Promise<void> {
  if (!approvalDocType(body.docType))
    throw badRequest(`未知的审批单据类型：${body.docType}`, { docType: '未知的审批单据类型' });
  await db.transaction().execute(async (trx) => {
    // Approvers must exist: a user (internal, active) or a role.
    for (const [i, s] of body.steps.entries()) {
      const found =
        s.approverType === 'USER'
          ? await trx
              .selectFrom('sysUser')
              .select('id')
              .where('id', '=', s.approverId)
              .where('delFlag', '=', 0)
              .where('userType', '=', 1)
              .executeTakeFirst()
          : await trx.selectFrom('sysRole').select('id').where('roleCode', '=', s.approverId).executeTakeFirst();
      if (!found) throw badRequest(`第${i + 1}步的审批人不存在`, { [`steps.${i}.approverId`]: '审批人不存在' });
    }
    if (body.ccUserIds.length) {
      const found = await trx
        .selectFrom('sysUser')
        .select('id')
        .where('id', 'in', body.ccUserIds)
        .where('delFlag', '=', 0)
        .execute();
      if (found.length !== new Set(body.ccUserIds).size)
        throw badRequest('抄送人不存在', { ccUserIds: '抄送人不存在' });
    }
    const values = {
      name: body.name,
      enabled: body.enabled,
      steps: JSON.stringify(body.steps),
      ccUserIds: body.ccUserIds.join(',') || null,
    };
    const now = serverNowIso();
    const existing = await trx
      .selectFrom('approvalDefinition')
      .select(['id', 'version'])
      .where('tenantId', '=', tenantId)
      .where('docType', '=', body.docType)
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('approvalDefinition')
        .values({
          id: newId(),
          tenantId: tenantId,
          docType: body.docType,
          ...values,
          version: 1,
          createBy: username,
          createTime: now,
          updateBy: null,
          updateTime: null,
        })
        .execute();
      return;
    }
    if (body.version === undefined || body.version !== existing.version)
      throw businessError('审批配置已被他人修改，请刷新后重试');
    // Running instances keep the steps they were submitted with.
    await trx
      .updateTable('approvalDefinition')
      .set({ ...values, version: existing.version + 1, updateBy: username, updateTime: now })
      .where('id', '=', existing.id)
      .where('version', '=', existing.version)
      .execute();
  });
}

/** The approvers a step may name: active internal users and roles. */
export async function approverOptions(db: Db) {
  const users = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname'])
    .where('delFlag', '=', 0)
    .where('status', '=', 1)
    .where('userType', '=', 1)
    .orderBy('username')
    .limit(500)
    .execute();
  const roles = await db.selectFrom('sysRole').select(['roleCode', 'roleName']).orderBy('roleCode').execute();
  return { users, roles };
}
