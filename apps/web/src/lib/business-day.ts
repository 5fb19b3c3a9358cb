/** Today in the business timezone (GMT+8, as the server's calendar), `yyyy-MM-dd`. */
export const businessToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
