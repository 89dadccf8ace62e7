import type { App } from '../../app';
import type { AppContext } from '../../context';

export function registerGamesRoutes(app: App, ctx: AppContext): void {
  void app;
  void ctx;
}
