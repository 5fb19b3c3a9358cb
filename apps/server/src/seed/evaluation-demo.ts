import { newId } from '../core/ids.js';
import { serverNowIso } from '../core/clock.js';
import type { Db } from '../db/database.js';
import { seedGradeBands } from '../modules/evaluation/grade-bands.js';

const SEEDER = 'system';

/** Dimension → [name, weight, SYSTEM metric or null for MANUAL]. */
const DEMO_TEMPLATE: [dimension: string, weight: string, indicators: [string, string, string | null][]][] = [
  [
    'QUALITY',
    '40',
    [
      ['来料合格率', '60', 'INCOMING_PASS_RATE'],
      ['质量问题响应', '40', null],
    ],
  ],
  [
    'DELIVERY',
    '30',
    [
      ['准时交付率', '70', 'ON_TIME_DELIVERY_RATE'],
      ['交期配合度', '30', null],
    ],
  ],
  [
    'COST',
    '20',
    [
      ['价格竞争力', '50', 'PRICE_COMPETITIVENESS'],
      ['降本配合度', '50', null],
    ],
  ],
  ['SERVICE', '10', [['服务满意度', '100', null]]],
];

/** The demo's evaluation template (active, quarterly), the default grade bands, and a short supplier survey. */
export async function seedEvaluationDemo(db: Db): Promise<void> {
  const now = serverNowIso();
  const audit = { createBy: SEEDER, createTime: now, updateBy: null, updateTime: null };
  const templateId = newId();
  await db
    .insertInto('evalTemplate')
    .values({
      id: templateId,
      tenantId: 0,
      code: 'EVT-QUARTER',
      name: '季度供应商绩效评估',
      periodType: 'QUARTER',
      status: 'ACTIVE',
      remark: null,
      ...audit,
    })
    .execute();
  let seq = 0;
  for (const [di, [dimension, weight, indicators]] of DEMO_TEMPLATE.entries()) {
    const dimensionId = newId();
    await db.insertInto('evalDimension').values({ id: dimensionId, templateId, dimension, weight, seq: di }).execute();
    for (const [name, w, metric] of indicators) {
      await db
        .insertInto('evalIndicator')
        .values({
          id: newId(),
          templateId,
          dimensionId,
          name,
          weight: w,
          method: metric ? 'SYSTEM' : 'MANUAL',
          metricKey: metric,
          raterRoles: '[]',
          seq: seq++,
        })
        .execute();
    }
  }
  await seedGradeBands(db, 0);

  const surveyId = newId();
  await db
    .insertInto('questionTemplate')
    .values({
      id: surveyId,
      tenantId: 0,
      code: 'QT-SURVEY',
      name: '供应商基本情况调查',
      purpose: 'SURVEY',
      scored: 1,
      totalScore: '100',
      status: 'ACTIVE',
      versionNo: 1,
      ...audit,
    })
    .execute();
  const questions = [
    {
      text: '贵公司是否通过ISO 9001质量管理体系认证？',
      kind: 'SINGLE',
      options: [
        { value: 'Y', label: '已通过', score: '40' },
        { value: 'P', label: '认证中', score: '20' },
        { value: 'N', label: '未通过', score: '0' },
      ],
      maxScore: '40',
    },
    {
      text: '贵公司具备哪些能力？（最多选两项）',
      kind: 'MULTI',
      options: [
        { value: 'RD', label: '自主研发', score: '20' },
        { value: 'MFG', label: '自有工厂', score: '20' },
        { value: 'LAB', label: '检测实验室', score: '20' },
      ],
      maxScore: '40',
      maxSelections: 2,
    },
    { text: '请简述贵公司的质量控制流程', kind: 'TEXT', maxScore: '20' },
    { text: '上年度营业收入（万元）', kind: 'NUMBER', maxScore: '0', numberMin: '0', numberMax: '100000000' },
  ];
  for (const [i, q] of questions.entries()) {
    await db
      .insertInto('question')
      .values({
        id: newId(),
        templateId: surveyId,
        groupName: '基本情况',
        seq: i,
        text: q.text,
        kind: q.kind,
        options: q.options ? JSON.stringify(q.options) : null,
        required: 1,
        maxScore: q.maxScore,
        numberMin: q.numberMin ?? null,
        numberMax: q.numberMax ?? null,
        maxSelections: q.maxSelections ?? null,
      })
      .execute();
  }
}
