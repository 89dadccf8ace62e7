import type { GaugeSource } from '../../http/metrics';
import { consumerLag } from './activity.queries';
import { activityConsumers } from './activity-bus';

/**
 * How far each registered consumer (promotions, points, rebates...) is behind the activity events:
 * how many wait past its cursor and how long the first of them has waited. A consumer whose handle
 * keeps throwing stops where it is, so its age grows until someone looks (an alert in
 * ops/prometheus/alerts.yml).
 */
export const activityLagGauges: GaugeSource = {
  label: 'consumer',
  gauges: [
    { name: 'gamehall_activity_waiting', help: "Activity events past a consumer's cursor (counted up to 100,000)" },
    {
      name: 'gamehall_activity_lag_seconds',
      help: "Seconds since the first activity event past a consumer's cursor was written (0 when none waits)",
    },
  ],
  read: async (ctx) => {
    const names = activityConsumers().map((c) => c.name);
    if (names.length === 0) return [];
    const now = ctx.now().getTime();
    return (await consumerLag(ctx.db, names)).map((row) => ({
      label: row.consumer,
      values: [row.waiting, row.oldest ? Math.max(0, (now - new Date(row.oldest).getTime()) / 1000) : 0],
    }));
  },
};
