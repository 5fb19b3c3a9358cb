import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, PURCHASE_SETTINGS, purchaseSettingByKey, purchaseSettingSaveSchema } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';

/**
 * A purchase setting's value for a tenant (§21), or its default. Documents read it when they
 * are created and keep a copy.
 */
export async function purchaseSetting<T = unknown>(db: Db, tenantId: number, key: string): Promise<T> {
  const def = purchaseSettingByKey.get(key);
  if (!def) throw new Error(`unknown purchase setting: ${key}`);
  const row = await db
    .selectFrom('srmPurchaseSetting')
    .select('settingValue')
    .where('tenantId', '=', tenantId)
    .where('settingKey', '=', key)
    .executeTakeFirst();
  return (row ? JSON.parse(row.settingValue) : def.default) as T;
}

/** 采购设置: every key with its value (or default); each change validated and logged. */
export const purchaseSettingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/srm/purchaseSetting/list',
      {
        schema: { tags: ['采购设置'], summary: '采购设置：全部参数及当前值' },
        config: { access: { permission: 'purchaseSetting:list' } },
      },
      async (request) => {
        const rows = await ctx.db
          .selectFrom('srmPurchaseSetting')
          .selectAll()
          .where('tenantId', '=', request.tenantId)
          .execute();
        const byKey = new Map(rows.map((r) => [r.settingKey, r]));
        return ok(
          PURCHASE_SETTINGS.map((s) => {
            const row = byKey.get(s.key);
            return {
              key: s.key,
              label: s.label,
              group: s.group,
              type: s.type,
              dict: s.dict ?? null,
              value: row ? JSON.parse(row.settingValue) : s.default,
              defaultValue: s.default,
              isDefault: !row,
              updatedBy: row?.updatedBy ?? null,
              updatedAt: toWireDateTime(row?.updatedAt ?? null),
            };
          }),
        );
      },
    );

    app.get(
      '/srm/purchaseSetting/log',
      {
        schema: { tags: ['采购设置'], summary: '采购设置修改记录（最近200条）' },
        config: { access: { permission: 'purchaseSetting:list' } },
      },
      async (request) => {
        const rows = await ctx.db
          .selectFrom('srmPurchaseSettingLog')
          .selectAll()
          .where('tenantId', '=', request.tenantId)
          .orderBy('changedAt', 'desc')
          .orderBy('id', 'desc')
          .limit(200)
          .execute();
        return ok(
          rows.map((r) => ({
            ...r,
            changedAt: toWireDateTime(r.changedAt),
            label: purchaseSettingByKey.get(r.settingKey)?.label ?? r.settingKey,
          })),
        );
      },
    );

    app.post(
      '/srm/purchaseSetting/save',
      {
        schema: { tags: ['采购设置'], summary: '修改一项采购设置', body: purchaseSettingSaveSchema },
        config: { access: { permission: 'purchaseSetting:edit' } },
      },
      async (request) => {
        const def = purchaseSettingByKey.get(request.body.key);
        if (!def) throw badRequest('未知的采购设置项', { key: '未知的采购设置项' });
        const parsed = def.schema.safeParse(request.body.value);
        if (!parsed.success) {
          const message = `${def.label}：${parsed.error.issues[0]?.message ?? '值不正确'}`;
          throw badRequest(message, { value: message });
        }
        const value = JSON.stringify(parsed.data);
        const now = serverNowIso();
        await ctx.db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('srmPurchaseSetting')
            .select(['id', 'settingValue'])
            .where('tenantId', '=', request.tenantId)
            .where('settingKey', '=', def.key)
            .executeTakeFirst();
          if (existing) {
            await trx
              .updateTable('srmPurchaseSetting')
              .set({ settingValue: value, valueType: def.type, updatedBy: request.user!.username, updatedAt: now })
              .where('id', '=', existing.id)
              .execute();
          } else {
            await trx
              .insertInto('srmPurchaseSetting')
              .values({
                id: newId(),
                tenantId: request.tenantId,
                settingKey: def.key,
                valueType: def.type,
                settingValue: value,
                updatedBy: request.user!.username,
                updatedAt: now,
              })
              .execute();
          }
          await trx
            .insertInto('srmPurchaseSettingLog')
            .values({
              id: newId(),
              tenantId: request.tenantId,
              settingKey: def.key,
              oldValue: existing?.settingValue ?? JSON.stringify(def.default),
              newValue: value,
              changedBy: request.user!.username,
              changedAt: now,
            })
            .execute();
        });
        return ok(null, '保存成功');
      },
    );
  };
