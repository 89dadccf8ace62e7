import type { App } from '../../app';
import type { AppContext } from '../../context';

export function registerWalletRoutes(app: App, ctx: AppContext): void {
  void app;
  void ctx;
}
