import { resources } from '@procura/shared';
import { resourceOverrides } from './overrides';
import { ResourcePage } from './resource-page';

/** The screen of a `resource/<key>` menu entry (its own lazily loaded chunk). */
export default function ResourceMenuPage({ resourceKey }: { resourceKey: string }) {
  const def = resources[resourceKey];
  if (!def) return null;
  return <ResourcePage key={resourceKey} def={def} override={resourceOverrides[resourceKey]} />;
}
