/**
 * Who created a row and last changed it, and when: the columns most tables carry. Timestamps
 * are ISO-8601 UTC strings.
 */
export type AuditColumns = {
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};
