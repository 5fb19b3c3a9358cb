import { useMemo } from 'react';
import { sourcingTimelineDocs } from '@procura/shared';
import { WorkflowTimeline } from '../../../resources/workflow-actions';

/** Where each sourcing type's status log is read (`<path>/logs?id=`). */
const LOG_PATH: Readonly<Record<string, string>> = {
  RFQ: '/srm/sourcing/event',
  TENDER: '/srm/tender',
  AUCTION: '/srm/auction/event',
};

/** The query key prefix of every status timeline: a command's `done` invalidates it so the timeline reads the new rows. */
export const TIMELINE_QUERY_KEY = ['workflowLog'] as const;

/**
 * The status timeline of an inquiry, a tender or an auction: the documents' one timeline
 * (WorkflowTimeline) over the event's log with its participations', responses', awards' and
 * lots' rows, each named in Chinese by the shared sourcing log definitions.
 */
export function EventTimeline({ type, id }: { type: string; id: string }) {
  const docs = useMemo(() => sourcingTimelineDocs(type), [type]);
  const own = docs[type]!;
  return (
    <WorkflowTimeline
      def={own.def}
      actionText={own.actionText}
      docs={docs}
      path={LOG_PATH[type] ?? LOG_PATH.RFQ!}
      id={id}
      testId="sourcing-timeline"
    />
  );
}
