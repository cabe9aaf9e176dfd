import type { Ctx } from '#server/lib/ctx.ts';
import { gatewaySnapshot, recordUsage, type GatewaySnapshot } from '#server/modules/proxy/proxy.service.ts';
import type { GatewayControl } from './meter.ts';

/** The gateway's view of the database through the proxy service (same process or its own pool). */
export function dbControl(ctx: Ctx): GatewayControl {
  return {
    snapshot: () => gatewaySnapshot(ctx),
    record: (items) => recordUsage(ctx, items),
  };
}

/**
 * The gateway's view through the app's control channel (surfaces/proxy-control), for a gateway in
 * its own process when the app holds an embedded database.
 */
export function httpControl(baseUrl: string, token: string): GatewayControl {
  const headers = { authorization: `Bearer ${token}` };
  const url = (path: string) => new URL(path, baseUrl).toString();
  return {
    snapshot: async () => {
      const res = await fetch(url('/internal/proxy/snapshot'), { headers });
      if (!res.ok) throw new Error(`proxy control snapshot: HTTP ${res.status}`);
      return (await res.json()) as GatewaySnapshot;
    },
    record: async (items) => {
      const res = await fetch(url('/internal/proxy/usage'), { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ items }) });
      if (!res.ok) throw new Error(`proxy control usage: HTTP ${res.status}`);
    },
  };
}
