import type { Envelope, EvalDimensionInput } from '@procura/shared';
import { getAction, postAction } from '../../lib/http';

/** What the evaluation screens read; each throws the server's message when it refuses. */
async function result<T>(answer: Promise<Envelope<T>>): Promise<T> {
  const body = await answer;
  if (!body.success) throw new Error(body.message || '加载失败');
  return body.result;
}

export type StructureDimension = EvalDimensionInput & {
  id?: string;
  indicators: (EvalDimensionInput['indicators'][number] & { id?: string })[];
};
export type ProjectOptions = {
  templates: { id: string; code: string; name: string; status: string }[];
  suppliers: { id: string; code: string; name: string; status: string }[];
  users: { id: string; username: string; realname: string }[];
};
export type RoleOption = { roleCode: string; roleName: string };
/** 评分分工: the project's chosen raters and, per manual indicator, who rates it (EVA-3). */
export type ProjectRaters = {
  status: string;
  users: { id: string; username: string; realname: string; roles: string[] }[];
  indicators: {
    id: string;
    name: string;
    dimension: EvalDimensionInput['dimension'];
    raterRoles: string[];
    userIds: string[];
  }[];
};
export type ScoringSheet = {
  project: { id: string; code: string; name: string; status: string; scoringDeadline: string };
  isRater: boolean;
  structure: {
    id: string;
    dimension: EvalDimensionInput['dimension'];
    weight: string;
    indicators: { id: string; name: string; weight: string; method: 'SYSTEM' | 'MANUAL'; metricKey?: string | null }[];
  }[];
  suppliers: { id: string; name: string }[];
  scores: { supplierId: string; indicatorId: string; score: string; comment: string | null }[];
};
export type EvalResultRow = {
  id: string;
  supplierName: string;
  totalScore: string;
  grade: string;
  grade_dictText?: string;
  rank: number;
  consequence: string;
  consequenceStatus: string;
  consequenceStatus_dictText?: string;
  appealStatus: string;
  appealStatus_dictText?: string;
  supplierAppeal: string | null;
  appealAnswer: string | null;
};
export type MyEvalResult = {
  id: string;
  code: string;
  name: string;
  periodFrom: string;
  periodTo: string;
  publishedAt: string | null;
  totalScore: string;
  grade: string;
  rank: number | null;
  dimensionScores: { dimension: string; score: string | null }[];
  appealDeadline: string | null;
  appealStatus: string;
  supplierAppeal: string | null;
  appealAnswer: string | null;
  canAppeal: boolean;
};

export const evalApi = {
  structure: (id: string) => result(getAction<StructureDimension[]>('/srm/evalTemplate/structure', { id })),
  saveStructure: (id: string, dimensions: StructureDimension[]) =>
    postAction('/srm/evalTemplate/saveStructure', { id, dimensions }),
  roleOptions: () => result(getAction<RoleOption[]>('/srm/evalTemplate/roleOptions')),
  options: () => result(getAction<ProjectOptions>('/srm/evalProject/options')),
  raters: (id: string) => result(getAction<ProjectRaters>('/srm/evalProject/raters', { id })),
  saveRaters: (id: string, indicators: { indicatorId: string; userIds: string[] }[]) =>
    postAction('/srm/evalProject/saveRaters', { id, indicators }),
  sheet: (id: string) => result(getAction<ScoringSheet>('/srm/evalProject/sheet', { id })),
  saveScores: (id: string, scores: { supplierId: string; indicatorId: string; score: string }[]) =>
    postAction('/srm/evalProject/saveScores', { id, scores }),
  results: async (projectId: string) =>
    (await result(getAction<{ records: EvalResultRow[] }>('/srm/evalResult/list', { projectId, pageSize: 1000 })))
      .records,
  answerAppeal: (body: {
    id: string;
    decision: 'UPHOLD' | 'REJECT';
    answer: string;
    scores?: { indicatorId: string; score: string }[];
  }) => postAction('/srm/evalResult/answerAppeal', body),
  decideProposal: (body: { id: string; confirm: boolean; reason: string }) =>
    postAction('/srm/evalResult/decideProposal', body),
  myResults: () => result(getAction<MyEvalResult[]>('/srm/myEvalResult/list')),
  appeal: (id: string, reason: string) => postAction('/srm/myEvalResult/appeal', { id, reason }),
};
