/**
 * Sends the client libraries' hard-coded HTTPS hosts (https://2captcha.com,
 * https://api.anti-captcha.com) to the e2e server, inside this test process only:
 *
 * - a TLS terminator on 127.0.0.1:<ephemeral port> presents a self-signed certificate for those
 *   names and pipes the decrypted bytes, untouched, to the e2e server's plain HTTP port (the
 *   server sees the libraries' own requests, `Host: 2captcha.com` included);
 * - `https.globalAgent` (which node-fetch 2 and axios use when given no agent) is replaced by an
 *   agent that opens connections for those names to the terminator instead, keeping the name for
 *   SNI and certificate checks and trusting only our certificate for them. Certificate
 *   verification stays on; every other host is untouched.
 *
 * So the libraries run unmodified: their URLs, their HTTP clients, real TLS.
 */
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { generate } from 'selfsigned';
import { E2E_PORT } from '../support/env.ts';

/** Hosts the two libraries hard-code (rucaptcha.com is the 2captcha library's second provider). */
export const LIBRARY_HOSTS = ['2captcha.com', 'rucaptcha.com', 'api.anti-captcha.com'] as const;

export interface HostRedirect {
  /** SNI names of the TLS connections the terminator accepted, in order. */
  readonly servernames: string[];
  /** Puts the original global agent back and closes the terminator. */
  stop(): Promise<void>;
}

/** An https.Agent that connects the listed names to `to`, trusting `ca` for them. */
class RedirectingAgent extends https.Agent {
  constructor(
    private readonly names: ReadonlySet<string>,
    private readonly to: { host: string; port: number },
    private readonly ca: string,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: https.RequestOptions, callback?: (err: Error | null, socket: Duplex) => void) {
    const host = String(options.host ?? options.hostname ?? '').toLowerCase();
    if (!this.names.has(host)) return super.createConnection(options, callback);
    return super.createConnection({ ...options, host: this.to.host, port: this.to.port, servername: options.servername || host, ca: this.ca }, callback);
  }
}

/** Starts the terminator and installs the redirecting agent as https.globalAgent. */
export async function redirectLibraryHosts(upstreamPort = E2E_PORT): Promise<HostRedirect> {
  const pems = await generate([{ name: 'commonName', value: LIBRARY_HOSTS[0] }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: LIBRARY_HOSTS.map((value) => ({ type: 2 as const, value })) },
    ],
  });

  const servernames: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = tls.createServer({ key: pems.private, cert: pems.cert }, (clear) => {
    servernames.push((clear as tls.TLSSocket & { servername?: string | false }).servername || '');
    const upstream = net.connect({ host: '127.0.0.1', port: upstreamPort });
    sockets.add(clear).add(upstream);
    const close = () => {
      clear.destroy();
      upstream.destroy();
      sockets.delete(clear);
      sockets.delete(upstream);
    };
    clear.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    clear.pipe(upstream).pipe(clear);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;

  const previous = https.globalAgent;
  const agent = new RedirectingAgent(new Set(LIBRARY_HOSTS), { host: '127.0.0.1', port }, pems.cert, { keepAlive: true, timeout: 5_000 });
  https.globalAgent = agent;

  return {
    servernames,
    async stop() {
      https.globalAgent = previous;
      agent.destroy();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
