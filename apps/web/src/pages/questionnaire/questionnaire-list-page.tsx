import { questionnaireResource } from '@procura/shared';
import { ResourcePage } from '../../resources/resource-page';
import { questionnaireOverrides } from './questionnaire-overrides';

/** 调查问卷: every questionnaire sent (the generic list of a resource that only commands create), with 查看/审阅. */
export default function QuestionnaireListPage() {
  return <ResourcePage def={questionnaireResource} override={questionnaireOverrides[questionnaireResource.key]} />;
}
