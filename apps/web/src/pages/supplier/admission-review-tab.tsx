import { ADMISSION_DECISION_TEXT, ADMISSION_STEP_TEXT } from '@procura/shared';
import { useState } from 'react';
import { App, Button, Card, Empty, Space, Spin, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { dictText, useDictItems } from '../../lib/dict';
import { postAction } from '../../lib/http';
import { useSupplierAction } from './use-supplier-action';
import { getOrThrow, type SupplierCategoryStanding } from '../../lib/supplier-api';
import {
  EditStepsModal,
  OpenReviewModal,
  RaiseSampleModal,
  StepModal,
  SubmitDecisionModal,
  type DraftSteps,
  type SampleValues,
} from './admission-review-modals';
import { SiteAuditModal, SiteAuditView, type SiteAudit } from './admission-site-audit';
import { ReasonModal, type ReasonRequest } from './reason-modal';
import { MAIN_CATEGORY_DICT } from './supplier-info-form';

type Step = {
  step: 'DOCUMENTS' | 'QUESTIONNAIRE' | 'SAMPLE' | 'SITE_AUDIT';
  result: 'PENDING' | 'PASSED' | 'FAILED' | 'WAIVED';
  comment: string | null;
  evidence: string | null;
  by: string | null;
  at: string | null;
};
type Review = {
  id: string;
  code: string;
  categoryCode: string;
  status: string;
  decision: 'APPROVE' | 'CONDITIONAL' | 'REJECT' | null;
  trialLimitAmount: string | null;
  steps: Step[];
  openedByName: string | null;
  openedAt: string | null;
  decisionComment: string | null;
  samples: { id: string; code: string; materialName: string; status: string; testResult: string | null }[];
  siteAudit: SiteAudit | null;
  /** CONDITIONAL when the site audit concluded 有条件通过: the decision modal's default. */
  suggestedDecision: 'CONDITIONAL' | null;
};

const STEP_TEXT: Readonly<Record<Step['step'], string>> = ADMISSION_STEP_TEXT;
const RESULT: Record<Step['result'], { text: string; color: string }> = {
  PENDING: { text: '待评审', color: 'default' },
  PASSED: { text: '通过', color: 'green' },
  FAILED: { text: '不通过', color: 'red' },
  WAIVED: { text: '已豁免', color: 'gold' },
};
const DECISION: Readonly<Record<NonNullable<Review['decision']>, string>> = ADMISSION_DECISION_TEXT;
const STATUS: Record<string, { text: string; color: string }> = {
  DRAFT: { text: '草稿', color: 'default' },
  IN_REVIEW: { text: '评审中', color: 'blue' },
  PENDING_APPROVAL: { text: '审批中', color: 'orange' },
  APPROVED: { text: '已通过', color: 'green' },
  REJECTED: { text: '已驳回', color: 'red' },
  CANCELLED: { text: '已取消', color: 'default' },
};

/**
 * The buyer's 准入评审 tab (domain §4.3): open a review for an applying category (or save it as
 * a 草稿 and 提交审核 later), record each step with a comment and its evidence, raise a sample
 * request whose test decides the sample step (SMP-3), let a manager 豁免 a step with a reason
 * (QLF-2), submit to 审批中心 with the decision 通过 / 有条件通过（试用） with 试用限额 (QLF-4) /
 * 不通过 once no step is pending, or cancel. The 现场评审 step follows the recorded site audit.
 */
export function AdmissionReviewTab({
  supplierId,
  categories,
  canManage,
  canWaive = false,
  onChanged,
}: {
  supplierId: string;
  categories: SupplierCategoryStanding[];
  canManage: boolean;
  canWaive?: boolean;
  onChanged: () => void;
}) {
  const { message, modal } = App.useApp();
  const names = useDictItems(MAIN_CATEGORY_DICT);
  const samples = useDictItems('srm_sample_status');
  const [opening, setOpening] = useState(false);
  const [marking, setMarking] = useState<{ review: Review; step: Step; result: 'PASSED' | 'FAILED' } | null>(null);
  const [raising, setRaising] = useState<Review | null>(null);
  const [reasonRequest, setReasonRequest] = useState<ReasonRequest | null>(null);
  const [editing, setEditing] = useState<{ review: Review; steps: DraftSteps } | null>(null);
  const [submitting, setSubmitting] = useState<Review | null>(null);
  const [auditing, setAuditing] = useState<Review | null>(null);
  const reviews = useQuery({
    queryKey: ['supplier', 'admissionReviews', supplierId],
    queryFn: () => getOrThrow<Review[]>('/supplier/admissionReview/list', { supplierId }),
  });

  const run = useSupplierAction(onChanged);

  /** Draft, link and send in turn; a step that fails says so and leaves what was done visible in 样品管理. */
  const raiseSample = async (review: Review, v: SampleValues): Promise<boolean> => {
    const values = {
      supplierId,
      materialId: v.materialId,
      purpose: 'ADMISSION',
      qty: String(v.qty),
      unit: v.unit,
      requiredBy: v.requiredBy.format('YYYY-MM-DD'),
      receiverName: v.receiverName,
      receiverPhone: v.receiverPhone,
      receiveAddress: v.receiveAddress,
    };
    const added = await postAction<{ id: string }>('/srm/sampleRequest/add', values);
    if (!added.success) {
      message.error(added.message || '送样申请保存失败');
      return false;
    }
    const sampleId = added.result.id;
    const linked = await postAction<unknown>('/supplier/admissionReview/linkSample', { id: review.id, sampleId });
    if (!linked.success) {
      message.error(`送样申请已保存为草稿，但关联评审失败：${linked.message}`);
      return false;
    }
    return run('/srm/sampleRequest/send', { id: sampleId });
  };

  const open = categories
    .filter((c) => ['APPLYING', 'TERMINATED'].includes(c.status))
    .map((c) => ({ value: c.categoryCode, label: dictText(names.data, c.categoryCode) }));

  if (reviews.isPending) return <Spin />;
  if (reviews.isError) return <span>{reviews.error.message}</span>;
  return (
    <>
      {canManage && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" data-testid="review-open" onClick={() => setOpening(true)}>
            发起准入评审
          </Button>
        </Space>
      )}
      {reviews.data.length === 0 && <Empty description="暂无准入评审" />}
      {reviews.data.map((r) => {
        const inReview = r.status === 'IN_REVIEW' && canManage;
        const draft = r.status === 'DRAFT' && canManage;
        const waivable = r.status === 'IN_REVIEW' && canWaive;
        return (
          <Card
            key={r.id}
            size="small"
            style={{ marginBottom: 12 }}
            data-testid={`review-${r.code}`}
            title={`${r.code} · ${dictText(names.data, r.categoryCode)}`}
            extra={
              <Space>
                <Tag color={STATUS[r.status]?.color} data-testid="review-status">
                  {STATUS[r.status]?.text ?? r.status}
                </Tag>
                {inReview && r.steps.some((s) => s.step === 'SAMPLE') && (
                  <Button size="small" data-testid="review-raise-sample" onClick={() => setRaising(r)}>
                    发起送样
                  </Button>
                )}
                {draft && (
                  <Button
                    size="small"
                    data-testid="review-edit"
                    onClick={() =>
                      setEditing({
                        review: r,
                        steps: {
                          sample: r.steps.some((s) => s.step === 'SAMPLE'),
                          siteAudit: r.steps.some((s) => s.step === 'SITE_AUDIT'),
                        },
                      })
                    }
                  >
                    编辑步骤
                  </Button>
                )}
                {draft && (
                  <Button
                    size="small"
                    type="primary"
                    data-testid="review-start"
                    onClick={() =>
                      modal.confirm({
                        title: '提交审核',
                        content: `提交准入评审 ${r.code} 开始评审？提交后不能再修改评审步骤。`,
                        okText: '提交',
                        cancelText: '取消',
                        onOk: () => run('/supplier/admissionReview/startReview', { id: r.id }),
                      })
                    }
                  >
                    提交审核
                  </Button>
                )}
                {inReview && (
                  <Button size="small" type="primary" data-testid="review-submit" onClick={() => setSubmitting(r)}>
                    提交审批
                  </Button>
                )}
                {(inReview || draft) && (
                  <Button
                    size="small"
                    danger
                    data-testid="review-cancel"
                    onClick={() =>
                      setReasonRequest({
                        title: `取消准入评审 ${r.code}`,
                        label: '取消原因',
                        onSubmit: (reason) => run('/supplier/admissionReview/cancel', { id: r.id, reason }),
                      })
                    }
                  >
                    取消评审
                  </Button>
                )}
              </Space>
            }
          >
            <Table<Step>
              size="small"
              rowKey="step"
              pagination={false}
              dataSource={r.steps}
              columns={[
                { title: '步骤', dataIndex: 'step', render: (v: Step['step']) => STEP_TEXT[v] },
                {
                  title: '结果',
                  dataIndex: 'result',
                  render: (v: Step['result']) => <Tag color={RESULT[v].color}>{RESULT[v].text}</Tag>,
                },
                { title: '意见', dataIndex: 'comment' },
                { title: '依据', dataIndex: 'evidence' },
                { title: '评审人', dataIndex: 'by' },
                {
                  title: '操作',
                  render: (_: unknown, s) => (
                    <Space>
                      {inReview && s.step === 'SITE_AUDIT' && (
                        <Button size="small" type="link" data-testid="step-site-audit" onClick={() => setAuditing(r)}>
                          {r.siteAudit ? '修改现场评审' : '记录现场评审'}
                        </Button>
                      )}
                      {inReview && s.step !== 'SAMPLE' && s.step !== 'SITE_AUDIT' && s.result !== 'WAIVED' && (
                        <>
                          <Button
                            size="small"
                            type="link"
                            data-testid={`step-pass-${s.step}`}
                            onClick={() => setMarking({ review: r, step: s, result: 'PASSED' })}
                          >
                            通过
                          </Button>
                          <Button
                            size="small"
                            type="link"
                            danger
                            data-testid={`step-fail-${s.step}`}
                            onClick={() => setMarking({ review: r, step: s, result: 'FAILED' })}
                          >
                            不通过
                          </Button>
                        </>
                      )}
                      {r.status === 'IN_REVIEW' && s.step === 'SAMPLE' && s.result === 'PENDING' && (
                        <span>由送样测试结果决定</span>
                      )}
                      {/* QLF-2: only a manager waives a failed or pending step, with a reason. */}
                      {waivable && (s.result === 'FAILED' || s.result === 'PENDING') && (
                        <Button
                          size="small"
                          type="link"
                          data-testid={`step-waive-${s.step}`}
                          onClick={() =>
                            setReasonRequest({
                              title: `豁免“${STEP_TEXT[s.step]}”步骤`,
                              label: '豁免原因',
                              onSubmit: (reason) =>
                                run('/supplier/admissionReview/waive', { id: r.id, step: s.step, reason }),
                            })
                          }
                        >
                          豁免
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
            {r.siteAudit && <SiteAuditView audit={r.siteAudit} />}
            {r.samples.length > 0 && (
              <div style={{ marginTop: 8 }} data-testid="review-samples">
                送样申请：
                {r.samples.map((x) => (
                  <Tag key={x.id}>
                    {x.code} {x.materialName} {dictText(samples.data, x.status)}
                    {x.testResult ? `（${x.testResult === 'PASS' ? '合格' : '不合格'}）` : ''}
                  </Tag>
                ))}
              </div>
            )}
            {r.decision && (
              <div style={{ marginTop: 8 }} data-testid="review-decision-text">
                评审决定：{DECISION[r.decision]}
                {r.decision === 'CONDITIONAL' && r.trialLimitAmount ? `，试用限额 ${r.trialLimitAmount} 元` : ''}
              </div>
            )}
            {r.decisionComment && (
              <div style={{ marginTop: 8 }}>
                {r.status === 'CANCELLED' ? '取消原因' : '审批意见'}：{r.decisionComment}
              </div>
            )}
          </Card>
        );
      })}
      <OpenReviewModal
        open={opening}
        categories={open}
        onClose={() => setOpening(false)}
        onSubmit={(v, draft) => run('/supplier/admissionReview/open', { supplierId, ...v, draft })}
      />
      <EditStepsModal
        initial={editing?.steps ?? null}
        onClose={() => setEditing(null)}
        onSubmit={(v) => run('/supplier/admissionReview/edit', { id: editing!.review.id, ...v })}
      />
      <SubmitDecisionModal
        review={
          submitting
            ? {
                code: submitting.code,
                failed: submitting.steps.filter((s) => s.result === 'FAILED').map((s) => STEP_TEXT[s.step]),
                suggested: submitting.suggestedDecision,
              }
            : null
        }
        onClose={() => setSubmitting(null)}
        onSubmit={(v) =>
          run('/supplier/admissionReview/submit', {
            id: submitting!.id,
            decision: v.decision,
            ...(v.decision === 'CONDITIONAL' ? { trialLimitAmount: String(v.trialLimitAmount) } : {}),
          })
        }
      />
      <StepModal
        step={
          marking
            ? {
                title: `${STEP_TEXT[marking.step.step]}：${marking.result === 'PASSED' ? '通过' : '不通过'}`,
                questionnaire: marking.step.step === 'QUESTIONNAIRE',
              }
            : null
        }
        supplierId={supplierId}
        onClose={() => setMarking(null)}
        onSubmit={(v) =>
          run('/supplier/admissionReview/step', {
            id: marking!.review.id,
            step: marking!.step.step,
            result: marking!.result,
            comment: v.comment,
            ...(v.questionnaireId ? { questionnaireId: v.questionnaireId } : {}),
          })
        }
      />
      <SiteAuditModal
        open={auditing !== null}
        audit={auditing?.siteAudit ?? null}
        onClose={() => setAuditing(null)}
        onSubmit={(v) => run('/supplier/admissionReview/siteAudit', { reviewId: auditing!.id, ...v })}
      />
      <RaiseSampleModal
        open={raising !== null}
        onClose={() => setRaising(null)}
        onSubmit={(v) => raiseSample(raising!, v)}
      />
      <ReasonModal request={reasonRequest} onClose={() => setReasonRequest(null)} />
    </>
  );
}
