/** A span of time as a person says it: at most two units, the larger first ("1 day 4 hours"). */
export type DurationPart = { unit: 'days' | 'hours' | 'minutes'; count: number };

const minutesPerHour = 60;

/**
 * The parts of `hours` (the dashboard's median, to a tenth of an hour) worth saying: minutes under an
 * hour, hours and minutes while the minutes still matter (under 10 hours), whole hours under a day,
 * then days and hours. An empty list is under a minute.
 */
export function durationParts(hours: number): DurationPart[] {
  const minutes = Math.round(Math.max(0, hours) * minutesPerHour);
  const parts: DurationPart[] = [];
  if (minutes < minutesPerHour) {
    if (minutes > 0) parts.push({ unit: 'minutes', count: minutes });
    return parts;
  }
  if (minutes < 10 * minutesPerHour) {
    parts.push({ unit: 'hours', count: Math.floor(minutes / minutesPerHour) });
    if (minutes % minutesPerHour > 0) parts.push({ unit: 'minutes', count: minutes % minutesPerHour });
    return parts;
  }
  // From 10 hours on, whole hours; 23.6 hours rounds to a whole day.
  const wholeHours = Math.round(minutes / minutesPerHour);
  const days = Math.floor(wholeHours / 24);
  if (days > 0) parts.push({ unit: 'days', count: days });
  if (wholeHours % 24 > 0) parts.push({ unit: 'hours', count: wholeHours % 24 });
  return parts;
}
