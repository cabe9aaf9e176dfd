import dns from 'node:dns';
import net from 'node:net';
import { Socks5Server } from '@pondwader/socks5-server';
import { RequestError, Server as ProxyChainServer, type PrepareRequestFunctionOpts, type PrepareRequestFunctionResult } from 'proxy-chain';
import { GATEWAY_ERRORS, type GatewayError } from '#shared/proxy/catalog.ts';
import { isPrivateAddress } from '#server/modules/proxy/cidr.ts';
import type { ProxyConfig } from '#server/modules/proxy/proxy-config.ts';
import { Meter, type Decision, type GatewayControl, type Grant } from './meter.ts';
import { Upstreams, connectThrough } from './upstreams.ts';

export interface GatewayOptions {
  control: GatewayControl;
  proxyConfig: ProxyConfig;
  host: string;
  httpPort: number;
  socksPort: number;
  /** Let targets on loopback and private networks through (tests and benchmarks only). */
  allowPrivateTargets: boolean;
  /** How often counters are written and the snapshot re-read (default 500 ms). */
  flushMs?: number;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface Gateway {
  httpPort: number;
  socksPort: number;
  meter: Meter;
  upstreams: Upstreams;
  close(): Promise<void>;
}

/** A lookup that refuses names resolving to loopback or private addresses (direct egress). */
function publicOnlyLookup(): typeof dns.lookup {
  return ((hostname: string, options: dns.LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (list.some((a) => isPrivateAddress(a.address))) {
        const refused = Object.assign(new Error(`ERROR_TARGET_NOT_ALLOWED: ${hostname}`), { code: 'EACCES' });
        return callback(refused, '', 0);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  }) as unknown as typeof dns.lookup;
}

function targetRefused(hostname: string, allowPrivate: boolean): boolean {
  if (allowPrivate) return false;
  const host = hostname.replace(/^\[|\]$/g, '');
  if (/^localhost\.?$/i.test(host) || host.endsWith('.localhost')) return true;
  return net.isIP(host) !== 0 && isPrivateAddress(host);
}

function httpError(code: GatewayError): RequestError {
  return new RequestError(code, GATEWAY_ERRORS[code].http);
}

/**
 * The proxy gateway (issue 17): HTTP forward proxying and HTTPS CONNECT (proxy-chain) on one port,
 * SOCKS5 (@pondwader/socks5-server, with our own method negotiation so both a password and a
 * whitelisted address work) on another. Every client connection is counted to a sub-user by the
 * meter and goes out through the upstream pool of its type and country, or directly.
 */
export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const meter = new Meter(opts.control, { flushMs: opts.flushMs ?? 500, onError: (err) => opts.log.error({ err }, 'proxy meter flush failed') });
  await meter.start();
  const upstreams = new Upstreams(opts.proxyConfig.pools, opts.proxyConfig.deadUpstreamSeconds * 1000);
  const sweep = setInterval(() => upstreams.sweep(), 60_000);
  sweep.unref();
  const lookup = opts.allowPrivateTargets ? undefined : publicOnlyLookup();

  /** Decides on a connection from its credentials or address; an error code when refused. */
  function decide(username: string, password: string, address: string | undefined): Decision {
    if (username || password) return meter.authenticate(username, password);
    const byIp = address ? meter.byAddress(address) : ({ ok: false, error: 'ERROR_IP_NOT_WHITELISTED' } as const);
    return byIp;
  }

  async function route(grant: Grant): Promise<string | null> {
    if (!upstreams.serves(grant.planType, grant.target.country)) throw httpError('ERROR_NO_UPSTREAM');
    const url = await upstreams.pick(grant.planType, grant.target.country, Meter.session(grant));
    if (url === undefined) throw httpError('ERROR_NO_UPSTREAM');
    return url;
  }

  // ---- HTTP and CONNECT --------------------------------------------------------------------------
  const http = new ProxyChainServer({
    port: opts.httpPort,
    host: opts.host,
    authRealm: 'proxy',
    prepareRequestFunction: async ({ request, username, password, hostname }: PrepareRequestFunctionOpts): Promise<PrepareRequestFunctionResult> => {
      const socket = request.socket;
      let grant = !username && !password ? meter.tracked(socket) : undefined;
      if (!grant) {
        const decision = decide(username, password, socket.remoteAddress);
        if (!decision.ok) {
          if (GATEWAY_ERRORS[decision.error].http === 407) return { requestAuthentication: true, failMsg: decision.error };
          throw httpError(decision.error);
        }
        grant = decision.grant;
        const refused = meter.track(socket, grant);
        if (refused) throw httpError(refused);
      }
      if (targetRefused(hostname, opts.allowPrivateTargets)) throw httpError('ERROR_TARGET_NOT_ALLOWED');
      const upstreamProxyUrl = await route(grant);
      return { upstreamProxyUrl, ...(lookup && !upstreamProxyUrl ? { dnsLookup: lookup } : {}) };
    },
  });
  http.on('requestFailed', ({ error }: { error: Error }) => opts.log.warn({ err: error }, 'proxy request failed'));
  await http.listen();

  // ---- SOCKS5 ----------------------------------------------------------------------------------
  const onConnect = async (
    connection: Parameters<Socks5Server['connectionHandler']>[0],
    sendStatus: Parameters<Socks5Server['connectionHandler']>[1],
  ) => {
    const client = connection.socket as net.Socket;
    const grant = connection.metadata.grant as Grant;
    let target: net.Socket;
    try {
      const url = await route(grant);
      target = url
        ? await connectThrough(url, connection.destAddress, connection.destPort)
        : await new Promise<net.Socket>((resolve, reject) => {
            const s = net.connect({ host: connection.destAddress, port: connection.destPort, ...(lookup ? { lookup } : {}) });
            s.once('connect', () => {
              s.off('error', reject);
              resolve(s);
            });
            s.once('error', reject);
          });
    } catch (err) {
      const refusedTarget = err instanceof Error && /ERROR_TARGET_NOT_ALLOWED/.test(err.message);
      const code = (err as NodeJS.ErrnoException).code;
      sendStatus(refusedTarget ? 'CONNECTION_NOT_ALLOWED' : code === 'ECONNREFUSED' ? 'CONNECTION_REFUSED' : code === 'ENOTFOUND' ? 'HOST_UNREACHABLE' : 'GENERAL_FAILURE');
      return;
    }
    if (client.destroyed) {
      target.destroy();
      return;
    }
    sendStatus('REQUEST_GRANTED');
    target.on('error', () => client.destroy());
    client.on('error', () => target.destroy());
    target.on('close', () => client.destroy());
    client.on('close', () => target.destroy());
    client.pipe(target);
    target.pipe(client);
    target.resume();
  };

  // The grant is decided at authentication but counting starts after the handshake (a second
  // 'data' listener during the library's handshake reads would stall it).
  const admit = (connection: { socket: unknown; metadata: Record<string, unknown> }, decision: Decision): boolean => {
    if (!decision.ok) return false;
    connection.metadata.grant = decision.grant;
    return true;
  };
  const start = (connection: { socket: unknown; destAddress: string; metadata: Record<string, unknown> }): boolean => {
    if (targetRefused(connection.destAddress, opts.allowPrivateTargets)) return false;
    const grant = connection.metadata.grant as Grant | undefined;
    return !!grant && meter.track(connection.socket as net.Socket, grant) === null;
  };

  const withPassword = new Socks5Server();
  withPassword.setAuthHandler((connection) => admit(connection, meter.authenticate(connection.username, connection.password)));
  withPassword.setRulesetValidator((connection) => start(connection));
  withPassword.setConnectionHandler((c, s) => void onConnect(c, s));

  const byAddress = new Socks5Server();
  byAddress.setRulesetValidator((connection) => admit(connection, meter.byAddress((connection.socket as net.Socket).remoteAddress ?? '')) && start(connection));
  byAddress.setConnectionHandler((c, s) => void onConnect(c, s));

  // The library offers one method per server: a client offering username/password (0x02) goes to
  // the password server, one offering only "no authentication" (0x00) to the whitelist server.
  const socksConnections = new Set<net.Socket>();
  const socks = net.createServer((socket) => {
    socksConnections.add(socket);
    socket.once('close', () => socksConnections.delete(socket));
    socket.on('error', () => socket.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.length < 2 || head.length < 2 + head[1]!) {
        if (head.length > 300) socket.destroy();
        return;
      }
      socket.off('data', onData);
      socket.pause();
      socket.unshift(head);
      const methods = head.subarray(2, 2 + head[1]!);
      (methods.includes(2) ? withPassword : byAddress)._handleConnection(socket);
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    socks.once('error', reject);
    socks.listen(opts.socksPort, opts.host, () => {
      socks.off('error', reject);
      resolve();
    });
  });
  const socksPort = (socks.address() as net.AddressInfo).port;
  opts.log.info({ http: http.port, socks: socksPort }, 'proxy gateway listening');

  return {
    httpPort: http.port,
    socksPort,
    meter,
    upstreams,
    close: async () => {
      clearInterval(sweep);
      await new Promise<void>((resolve) => {
        socks.close(() => resolve());
        for (const c of socksConnections) c.destroy();
      });
      await http.close(true);
      await meter.stop();
    },
  };
}
