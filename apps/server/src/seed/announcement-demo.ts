import { newId } from '../core/ids.js';
import { serverNowMs } from '../core/clock.js';
import { sanitizeRichText } from '../core/sanitize.js';
import type { Db } from '../db/database.js';

const SEEDER = 'system';

/** A few published notices and system messages, so the header bell has something to show. */
export async function seedAnnouncements(db: Db, buyerId: string): Promise<void> {
  const base = serverNowMs();
  const at = (minutesAgo: number) => new Date(base - minutesAgo * 60_000).toISOString();
  const notices = [
    {
      titile: '系统升级维护通知',
      msgCategory: '2',
      priority: 'H',
      msgContent:
        '<p>平台将于本周六 <strong>22:00 至 24:00</strong> 进行升级维护，期间暂停登录与报价，请提前安排相关工作。</p>',
      sendTime: at(30),
    },
    {
      titile: '2026年度供应商绩效评估工作启动',
      msgCategory: '1',
      priority: 'M',
      msgContent:
        '<p>各供应商：</p><p>2026年度绩效评估将从质量、交付、成本、服务四个维度进行，请于月底前完成自评。</p><ul><li>质量：来料合格率</li><li>交付：准时交货率</li></ul>',
      sendTime: at(120),
    },
    {
      titile: '欢迎使用 Procura 招标采购平台',
      msgCategory: '1',
      priority: 'L',
      msgContent: '<p>在这里发布采购公告、管理供应商、进行询价、招标与竞价。如有疑问请联系采购部。</p>',
      sendTime: at(24 * 60),
    },
  ];
  for (const n of notices) {
    await db
      .insertInto('sysAnnouncement')
      .values({
        id: newId(),
        ...n,
        msgContent: sanitizeRichText(n.msgContent),
        msgAbstract: null,
        startTime: n.sendTime,
        endTime: null,
        sender: 'admin',
        msgType: 'ALL',
        sendStatus: '1',
        cancelTime: null,
        userIds: null,
        busType: null,
        busId: null,
        openType: null,
        openPage: null,
        delFlag: 0,
        createBy: SEEDER,
        createTime: n.sendTime,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  // A message for the buyer alone, with an action that opens the supplier list.
  const id = newId();
  await db
    .insertInto('sysAnnouncement')
    .values({
      id,
      titile: '新供应商待审核：苏州新材科技有限公司',
      msgContent: sanitizeRichText(
        '<p>供应商 <b>苏州新材科技有限公司</b> 已完成注册，请在企业信息提交后及时审核。</p>',
      ),
      msgAbstract: null,
      startTime: at(10),
      endTime: null,
      sender: 'system',
      priority: 'M',
      msgCategory: '2',
      msgType: 'USER',
      sendStatus: '1',
      sendTime: at(10),
      cancelTime: null,
      userIds: `${buyerId},`,
      busType: 'supplier',
      busId: null,
      openType: 'url',
      openPage: '/srm/supplier/list',
      delFlag: 0,
      createBy: SEEDER,
      createTime: at(10),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  await db
    .insertInto('sysAnnouncementSend')
    .values({ id: newId(), anntId: id, userId: buyerId, readFlag: 0, readTime: null, createTime: at(10) })
    .execute();
}
