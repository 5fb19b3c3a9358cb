import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, fail, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import MyQuestionnairesPage from './my-questionnaires-page';

const HEAD = {
  id: 'q1',
  code: 'QN-20261122-0001',
  templateName: '供应商基本情况调查',
  status: 'SENT',
  dueAt: '2026-11-30 18:00:00',
  score: null,
  reviewerComment: null,
};
const QUESTIONS = [
  {
    id: 'a',
    text: '是否通过ISO 9001认证？',
    kind: 'SINGLE',
    required: true,
    options: [
      { value: 'Y', label: '已通过' },
      { value: 'N', label: '未通过' },
    ],
  },
  { id: 'b', text: '请简述质量控制流程', kind: 'TEXT', required: true },
];

function setup(routes: Parameters<typeof fakeServer>[0]) {
  persistedSession.setToken('tok');
  const server = fakeServer({
    'GET /srm/myQuestionnaire/list': () => ok([HEAD]),
    'GET /srm/myQuestionnaire/detail': () =>
      ok({
        questionnaire: { ...HEAD, status: 'IN_PROGRESS' },
        questions: QUESTIONS,
        answers: [{ questionId: 'a', value: 'Y' }],
      }),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<MyQuestionnairesPage />, { store: createSessionStore(http) });
  return server;
}

describe('问卷 (supplier side, §6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the supplier questionnaire, keeps saved answers and submits after confirmation', async () => {
    const server = setup({ 'POST /srm/myQuestionnaire/submit': () => ok(null, '问卷已提交') });
    const list = await screen.findByTestId('my-questionnaires');
    expect(await within(list).findByText('供应商基本情况调查')).toBeTruthy();
    expect(within(list).getByText('待填写')).toBeTruthy();
    fireEvent.click(within(list).getByText('填写'));
    const fields = await screen.findByTestId('answer-fields');
    await waitFor(() => expect((within(fields).getByLabelText('已通过') as HTMLInputElement).checked).toBe(true));
    fireEvent.change(within(screen.getByTestId('question-2')).getByRole('textbox'), { target: { value: '三级检验' } });
    fireEvent.click(screen.getByTestId('questionnaire-submit'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(server.calls('POST /srm/myQuestionnaire/submit')).toHaveLength(1));
    expect(server.calls('POST /srm/myQuestionnaire/submit')[0]!.body).toEqual({
      id: 'q1',
      answers: [
        { questionId: 'a', value: 'Y' },
        { questionId: 'b', value: '三级检验' },
      ],
    });
  });

  it('shows the server refusal of an incomplete questionnaire (QT-3)', async () => {
    setup({ 'POST /srm/myQuestionnaire/save': () => fail(200, '第2题为必答题', 500) });
    fireEvent.click(await screen.findByText('填写'));
    await screen.findByTestId('answer-fields');
    fireEvent.click(screen.getByTestId('questionnaire-save'));
    expect(await screen.findByText('第2题为必答题')).toBeTruthy();
  });
});
