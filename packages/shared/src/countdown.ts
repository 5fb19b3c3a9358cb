/** Countdown label colour of a purchase announcement: 10+ days green, 5 to under 10 orange. */
export function countdownColor(days: number): 'green' | 'orange' | undefined {
  if (days >= 10) return 'green';
  if (days >= 5) return 'orange';
  return undefined;
}
