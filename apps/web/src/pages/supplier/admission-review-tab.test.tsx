import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { AdmissionReviewTab } from './admission-review-tab';

const step = (s: string, result = 'PENDING') => ({
  step: s,
  result,
  comment: null,
  evidence: null,
  by: null,
  at: null,
});
const review = {
  id: 'r1',
  code: 'ADM-20261123-0001',
  categoryCode: 'steel',
  status: 'IN_REVIEW',
  decision: null,
  trialLimitAmount: null,
  steps: [
    step('DOCUMENTS'),
    step('QUESTIONNAIRE'),
    { ...step('SAMPLE', 'FAILED'), comment: '样品测试不合格：硬度不达标', evidence: 'SMP-1' },
  ],
  openedByName: '采购员',
  openedAt: '2026-11-23 09:00:00',
  decisionComment: null,
  samples: [{ id: 'x1', code: 'SMP-1', materialName: '钢板 Q235', status: 'TESTED', testResult: 'FAIL' }],
};

const draft = {
  ...review,
  id: 'r2',
  code: 'ADM-20261123-0002',
  status: 'DRAFT',
  steps: [step('DOCUMENTS'), step('QUESTIONNAIRE')],
  samples: [],
};
const passed = {
  ...review,
  id: 'r3',
  code: 'ADM-20261123-0003',
  steps: [step('DOCUMENTS', 'PASSED'), { ...step('QUESTIONNAIRE', 'WAIVED'), comment: '豁免：老供应商' }],
  samples: [],
};

function setup(canManage: boolean, canWaive = false, reviews: unknown[] = [review]) {
  persistedSession.setToken('tok');
  persistedSession.setDict({
    supplier_main_category: [{ value: 'steel', text: '钢材', title: '钢材', label: '钢材' }],
  });
  const server = fakeServer({
    'GET /supplier/admissionReview/list': () => ok(reviews),
    'POST /supplier/admissionReview/startReview': () => ok(null, '准入评审已提交审核'),
    'POST /supplier/admissionReview/waive': () => ok(null, '步骤已豁免'),
    'POST /supplier/admissionReview/step': () => ok(null, '评审结果已保存'),
    'GET /supplier/admissionReview/siteAuditOptions': () =>
      ok({
        users: [
          { id: 'u1', username: 'buyer', realname: '采购员' },
          { id: 'u2', username: 'qc', realname: '质检员' },
        ],
        templates: [],
      }),
    'POST /supplier/admissionReview/siteAudit': () => ok(null, '现场评审已更新'),
    'POST /supplier/admissionReview/submit': (req) =>
      (req.body as { id: string }).id === 'r1'
        ? {
            body: {
              success: false,
              code: 500,
              message: '以下步骤尚未通过，不能提交审批：资质文件审核（待评审）',
              result: null,
              timestamp: 0,
            },
          }
        : ok(null, '准入评审已提交，等待审批'),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(
    <AdmissionReviewTab
      supplierId="s1"
      categories={[]}
      canManage={canManage}
      canWaive={canWaive}
      onChanged={() => undefined}
    />,
    { store: createSessionStore(http) },
  );
  return server;
}

describe('admission review tab (domain §4.3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('QLF-2: a step is recorded only with a comment; the sample step has no manual result (SMP-3); the server’s refusal is shown', async () => {
    const server = setup(true);
    const card = await screen.findByTestId(`review-${review.code}`);
    expect(within(card).getByText('样品测试不合格：硬度不达标')).toBeTruthy();
    expect(within(card).queryByTestId('step-pass-SAMPLE')).toBeNull();
    fireEvent.click(within(card).getByTestId('step-pass-DOCUMENTS'));
    const dialog = (await screen.findByText('资质文件审核：通过')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText('请填写评审意见')).toBeTruthy();
    expect(server.calls('POST /supplier/admissionReview/step')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('step-comment'), { target: { value: '营业执照、ISO 9001 均有效' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(server.calls('POST /supplier/admissionReview/step')).toHaveLength(1));
    expect(server.calls('POST /supplier/admissionReview/step')[0]!.body).toEqual({
      id: 'r1',
      step: 'DOCUMENTS',
      result: 'PASSED',
      comment: '营业执照、ISO 9001 均有效',
    });
    fireEvent.click(within(card).getByTestId('review-submit'));
    // QLF-2: with a failed step only 不通过 can be chosen.
    const submit = (await screen.findByText('提交审批', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect((within(submit).getByRole('radio', { name: '通过' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(submit).getByRole('radio', { name: '不通过' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(submit).getByRole('button', { name: '提 交' }));
    expect(await screen.findByText('以下步骤尚未通过，不能提交审批：资质文件审核（待评审）')).toBeTruthy();
    expect(server.calls('POST /supplier/admissionReview/submit')[0]!.body).toEqual({ id: 'r1', decision: 'REJECT' });
  });

  it('QLF-2, QLF-4: 草稿 is started with 提交审核; a manager waives with a reason; 有条件通过（试用） needs 试用限额', async () => {
    const server = setup(true, true, [draft, passed, review]);
    const draftCard = await screen.findByTestId(`review-${draft.code}`);
    expect(within(draftCard).getByText('草稿')).toBeTruthy();
    expect(within(draftCard).queryByTestId('review-submit')).toBeNull();
    fireEvent.click(within(draftCard).getByTestId('review-start'));
    const start = (await screen.findByText('提交审核', { selector: '.ant-modal-confirm-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(start).getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(server.calls('POST /supplier/admissionReview/startReview')).toHaveLength(1));
    expect(server.calls('POST /supplier/admissionReview/startReview')[0]!.body).toEqual({ id: 'r2' });

    const failing = screen.getByTestId(`review-${review.code}`);
    fireEvent.click(within(failing).getByTestId('step-waive-SAMPLE'));
    const waive = (await screen.findByText('豁免“样品认证”步骤')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(waive).getByRole('button', { name: '确 定' }));
    expect(await within(waive).findByText('请填写原因')).toBeTruthy();
    expect(server.calls('POST /supplier/admissionReview/waive')).toHaveLength(0);
    fireEvent.change(within(waive).getByTestId('reason-input'), { target: { value: '图纸已确认，免送样' } });
    fireEvent.click(within(waive).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(server.calls('POST /supplier/admissionReview/waive')).toHaveLength(1));
    expect(server.calls('POST /supplier/admissionReview/waive')[0]!.body).toEqual({
      id: 'r1',
      step: 'SAMPLE',
      reason: '图纸已确认，免送样',
    });

    const ready = screen.getByTestId(`review-${passed.code}`);
    expect(within(ready).getByText('已豁免')).toBeTruthy();
    expect(within(ready).queryByTestId('step-waive-QUESTIONNAIRE')).toBeNull();
    fireEvent.click(within(ready).getByTestId('review-submit'));
    const submit = (await screen.findByText('提交审批', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(submit).getByRole('radio', { name: '有条件通过（试用）' }));
    const limit = await within(submit).findByTestId('review-trial-limit');
    fireEvent.click(within(submit).getByRole('button', { name: '提 交' }));
    expect(await within(submit).findByText('请填写试用限额')).toBeTruthy();
    fireEvent.change(limit, { target: { value: '50000' } });
    fireEvent.click(within(submit).getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(server.calls('POST /supplier/admissionReview/submit')).toHaveLength(1));
    expect(server.calls('POST /supplier/admissionReview/submit')[0]!.body).toEqual({
      id: 'r3',
      decision: 'CONDITIONAL',
      trialLimitAmount: '50000',
    });
  });

  it('QLF-2: the site audit step is recorded through the audit form (no hand result); a conditional audit shows on the card and defaults the decision to 有条件通过', async () => {
    const audited = {
      ...review,
      id: 'r4',
      code: 'ADM-20261123-0004',
      steps: [
        step('DOCUMENTS', 'PASSED'),
        step('QUESTIONNAIRE', 'PASSED'),
        { ...step('SITE_AUDIT', 'PASSED'), comment: '现场评审有条件通过，得分 78：来料检验待完善' },
      ],
      samples: [],
      siteAudit: {
        auditDate: '2026-11-20',
        address: '苏州市工业园区星湖街1号',
        members: ['u1'],
        memberNames: ['采购员'],
        supplierEscort: '张厂长',
        checklistTemplateId: null,
        checklistTemplateName: null,
        score: 78,
        result: 'CONDITIONAL',
        findings: '来料检验待完善',
        files: null,
        recordedByName: '采购员',
        recordedAt: '2026-11-20 16:00:00',
      },
      suggestedDecision: 'CONDITIONAL',
    };
    const server = setup(true, false, [audited]);
    const card = await screen.findByTestId(`review-${audited.code}`);
    const view = within(card).getByTestId('review-site-audit');
    expect(within(view).getByText('有条件通过')).toBeTruthy();
    expect(within(view).getByText('张厂长')).toBeTruthy();
    expect(within(card).queryByTestId('step-pass-SITE_AUDIT')).toBeNull();
    fireEvent.click(within(card).getByTestId('step-site-audit'));
    const dialog = (await screen.findByText('修改现场评审', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByTestId('site-audit-findings'), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    expect(await within(dialog).findByText('有条件通过或不通过须填写发现的问题')).toBeTruthy();
    expect(server.calls('POST /supplier/admissionReview/siteAudit')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('site-audit-findings'), {
      target: { value: '来料检验待完善，三个月内整改' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(server.calls('POST /supplier/admissionReview/siteAudit')).toHaveLength(1));
    expect(server.calls('POST /supplier/admissionReview/siteAudit')[0]!.body).toMatchObject({
      reviewId: 'r4',
      auditDate: '2026-11-20',
      members: ['u1'],
      score: 78,
      result: 'CONDITIONAL',
      findings: '来料检验待完善，三个月内整改',
      supplierEscort: '张厂长',
    });
    fireEvent.click(within(card).getByTestId('review-submit'));
    const submit = (await screen.findByText('提交审批', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect((within(submit).getByRole('radio', { name: '有条件通过（试用）' }) as HTMLInputElement).checked).toBe(true);
    // The limit field follows the watched decision, one render after the dialog opens.
    expect(await within(submit).findByTestId('review-trial-limit')).toBeTruthy();
  });

  it('shows reviews read-only without the permission', async () => {
    setup(false);
    const card = await screen.findByTestId(`review-${review.code}`);
    expect(within(card).getByText('评审中')).toBeTruthy();
    expect(screen.queryByTestId('review-open')).toBeNull();
    expect(within(card).queryByTestId('review-submit')).toBeNull();
    expect(within(card).queryByTestId('step-pass-DOCUMENTS')).toBeNull();
    expect(within(card).queryByTestId('step-waive-DOCUMENTS')).toBeNull();
  });
});
