import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unitOfMeasureResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { resourceRoutes } from '../../resource/resource-routes.js';

export const UNIT_IN_USE = '计量单位已被物料使用，不能删除，可改为停用';

/**
 * 计量单位 (domain §3): the generic resource routes, plus one rule: a unit that a material
 * (of any tenant: units are shared) is counted in cannot be deleted, only made inactive,
 * so no stored line ever names an unknown unit.
 */
export function unitOfMeasureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(
      resourceRoutes(ctx, unitOfMeasureResource, {
        beforeAdd: (values) => {
          values.status ??= 'ACTIVE';
          values.sortNo ??= 0;
        },
        beforeEdit: (_id, values) => {
          if (values.sortNo === null) values.sortNo = 0;
        },
        beforeDelete: async (ids, trx) => {
          const db = trx as unknown as Db;
          const used = await db
            .selectFrom('srmUnitOfMeasure as u')
            .innerJoin('srmMaterial as m', 'm.unit', 'u.code')
            .select('u.name')
            .where('u.id', 'in', ids)
            .executeTakeFirst();
          if (used) throw businessError(`${UNIT_IN_USE}：${used.name}`);
        },
      }),
    );
  };
}
