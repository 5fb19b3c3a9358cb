import { permissionCode, questionnaireResource, questionTemplateResource } from '@procura/shared';
import { postAction } from '../../lib/http';
import type { ResourceOverride } from '../../resources/resource-types';
import { QuestionEditorDrawer } from './question-editor-drawer';
import { ReviewDrawer } from './review-drawer';
import { SendQuestionnaireModal } from './send-questionnaire-modal';

const command = (url: string) => (r: { id: string }) => postAction(url, { id: r.id });

/** 问卷模板 and 调查问卷 (§6): questions, versions (QT-1), sending and review. */
export const questionnaireOverrides: Readonly<Record<string, ResourceOverride>> = {
  [questionTemplateResource.key]: {
    rowActions: [
      {
        key: 'questions',
        label: '题目配置',
        permission: permissionCode(questionTemplateResource, 'list'),
        Panel: QuestionEditorDrawer,
      },
      {
        key: 'qtActivate',
        label: '启用',
        permission: permissionCode(questionTemplateResource, 'edit'),
        visible: (r) => r.status === 'DRAFT',
        confirm: '确定启用吗？启用后题目不能再修改',
        run: command('/srm/questionTemplate/activate'),
      },
      {
        key: 'qtDeactivate',
        label: '停用',
        permission: permissionCode(questionTemplateResource, 'edit'),
        visible: (r) => r.status === 'ACTIVE',
        confirm: '确定停用吗？',
        run: command('/srm/questionTemplate/deactivate'),
      },
      {
        key: 'qtNewVersion',
        label: '新版本',
        permission: permissionCode(questionTemplateResource, 'edit'),
        visible: (r) => r.status !== 'DRAFT',
        confirm: '确定创建新版本吗？已发出的问卷保留原版本',
        run: command('/srm/questionTemplate/newVersion'),
      },
      {
        key: 'qtSend',
        label: '发送问卷',
        permission: 'questionnaire:send',
        visible: (r) => r.status === 'ACTIVE',
        Panel: SendQuestionnaireModal,
      },
    ],
  },
  [questionnaireResource.key]: {
    rowActions: [
      {
        key: 'qnReview',
        label: '查看/审阅',
        permission: permissionCode(questionnaireResource, 'list'),
        Panel: ReviewDrawer,
      },
    ],
  },
};
