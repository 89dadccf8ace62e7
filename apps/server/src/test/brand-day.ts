import { brandDay } from '@gamehall/shared/calendar-day';
import type { AppContext } from '../context';
import { getBrand } from '../modules/brand/brand.service';

/** The brand day (the brand's time zone) it is now on the context's clock: the day reports cut in. */
export async function brandToday(ctx: AppContext, at: Date = ctx.now()): Promise<string> {
  return brandDay(at, (await getBrand(ctx.db)).timeZone);
}
