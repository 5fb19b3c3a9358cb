import { Tag } from 'antd';

/** Notice priorities (spec part 2 §9): L general (blue), M important (orange), H urgent (red). */
export const PRIORITY_TAGS: Readonly<Record<string, { color: string; text: string }>> = {
  L: { color: 'blue', text: '一般' },
  M: { color: 'orange', text: '重要' },
  H: { color: 'red', text: '紧急' },
};

export function PriorityTag({ priority }: { priority: string | null | undefined }) {
  const tag = priority ? PRIORITY_TAGS[priority] : undefined;
  if (!tag) return null;
  return (
    <Tag color={tag.color} data-priority={priority}>
      {tag.text}
    </Tag>
  );
}
