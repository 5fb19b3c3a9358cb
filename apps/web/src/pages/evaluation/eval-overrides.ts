import { createElement } from 'react';
import { evalProjectResource, evalTemplateResource, permissionCode } from '@procura/shared';
import { postAction } from '../../lib/http';
import type { ResourceOverride } from '../../resources/resource-types';
import { EvalProjectPicker } from './eval-project-controls';
import { EvalRatersDrawer } from './eval-raters-drawer';
import { EvalResultsDrawer } from './eval-results-drawer';
import { EvalScoringDrawer } from './eval-scoring-drawer';
import { EvalStructureDrawer } from './eval-structure-drawer';

const command = (url: string) => (r: { id: string }) => postAction(url, { id: r.id });

/** 评估模板 and 评估项目 (§20): their structure, scoring and results panels, and the status commands. */
export const evaluationOverrides: Readonly<Record<string, ResourceOverride>> = {
  [evalTemplateResource.key]: {
    rowActions: [
      {
        key: 'evalStructure',
        label: '指标配置',
        permission: permissionCode(evalTemplateResource, 'list'),
        Panel: EvalStructureDrawer,
      },
      {
        key: 'evalActivate',
        label: '启用',
        permission: permissionCode(evalTemplateResource, 'edit'),
        visible: (r) => r.status === 'DRAFT',
        confirm: '确定启用吗？启用后模板不能再修改',
        run: command('/srm/evalTemplate/activate'),
      },
      {
        key: 'evalDeactivate',
        label: '停用',
        permission: permissionCode(evalTemplateResource, 'edit'),
        visible: (r) => r.status === 'ACTIVE',
        confirm: '确定停用吗？停用后不能再用于新的评估项目',
        run: command('/srm/evalTemplate/deactivate'),
      },
    ],
  },
  [evalProjectResource.key]: {
    formControls: {
      templateId: (_f, disabled) => createElement(EvalProjectPicker, { kind: 'template', disabled }),
      supplierIds: (_f, disabled) => createElement(EvalProjectPicker, { kind: 'suppliers', disabled }),
      raterIds: (_f, disabled) => createElement(EvalProjectPicker, { kind: 'raters', disabled }),
    },
    rowActions: [
      {
        key: 'evalRaters',
        label: '评分分工',
        permission: permissionCode(evalProjectResource, 'list'),
        Panel: EvalRatersDrawer,
      },
      {
        key: 'evalStart',
        label: '开始评分',
        permission: permissionCode(evalProjectResource, 'edit'),
        visible: (r) => r.status === 'DRAFT',
        confirm: '确定开始评分吗？开始后参评供应商、评分人和评分分工不能再修改',
        run: command('/srm/evalProject/start'),
      },
      {
        key: 'evalScore',
        label: '评分',
        permission: 'evalProject:score',
        visible: (r) => r.status === 'SCORING',
        Panel: EvalScoringDrawer,
      },
      {
        key: 'evalCalculate',
        label: '计算结果',
        permission: permissionCode(evalProjectResource, 'edit'),
        visible: (r) => r.status === 'SCORING' || r.status === 'CALCULATED',
        confirm: '确定计算结果吗？',
        run: command('/srm/evalProject/calculate'),
      },
      {
        key: 'evalSubmit',
        label: '提交发布',
        permission: permissionCode(evalProjectResource, 'edit'),
        visible: (r) => r.status === 'CALCULATED',
        confirm: '确定提交发布吗？按审批配置审批通过后结果对供应商可见，等级后果随之生效',
        run: command('/srm/evalProject/submit'),
      },
      {
        key: 'evalResults',
        label: '结果',
        visible: (r) => ['CALCULATED', 'PENDING_APPROVAL', 'PUBLISHED', 'CLOSED'].includes(String(r.status)),
        Panel: EvalResultsDrawer,
      },
      {
        key: 'evalClose',
        label: '关闭',
        permission: permissionCode(evalProjectResource, 'edit'),
        visible: (r) => r.status === 'PUBLISHED',
        confirm: '确定关闭吗？申诉期结束且申诉处理完毕后才能关闭',
        run: command('/srm/evalProject/close'),
      },
    ],
  },
};
