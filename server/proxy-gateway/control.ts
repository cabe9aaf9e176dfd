import type { Ctx } from '#server/lib/ctx.ts';
import { gatewaySnapshot, recordUsage } from '#server/modules/proxy/proxy.service.ts';
import type { GatewayControl } from './meter.ts';

/** The gateway's view of the database through the proxy service (same process or its own pool). */
export function dbControl(ctx: Ctx): GatewayControl {
  return {
    snapshot: () => gatewaySnapshot(ctx),
    record: (items) => recordUsage(ctx, items),
  };
}
