/**
 * The published code samples work. The generated programs for an image captcha (API v1 and v2)
 * are run as they are shown, each with its own toolchain, against a started server while a worker
 * answers in the cabinet's place, and must print the worker's answer. A language whose toolchain
 * is not installed is skipped with the reason printed. Every other generated sample (all types,
 * both versions) is at least parsed by its language's checker where one is installed.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import type { SampleLanguage, TypeDoc } from '#shared/contracts/api-docs.ts';
import { answerTask, claimTask } from '#server/modules/tasks/tasks.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

const run = promisify(execFile);
const ANSWER = 'w9h5k';

/** How each language's sample file is named and run; `tool` must be on PATH. */
const RUNNERS: Record<SampleLanguage, { file: string; tool: string; args: (file: string) => string[] }> = {
  python: { file: 'solve.py', tool: 'python3', args: (f) => [f] },
  javascript: { file: 'solve.mjs', tool: 'node', args: (f) => [f] },
  curl: { file: 'solve.sh', tool: 'bash', args: (f) => [f] },
  php: { file: 'solve.php', tool: 'php', args: (f) => [f] },
  ruby: { file: 'solve.rb', tool: 'ruby', args: (f) => [f] },
  go: { file: 'solve.go', tool: 'go', args: (f) => ['run', f] },
  java: { file: 'Solve.java', tool: 'java', args: (f) => [f] },
  csharp: { file: 'Program.cs', tool: 'dotnet', args: () => ['run'] },
};

const has = async (tool: string) => run('sh', ['-c', `command -v ${tool}`]).then(() => true, () => false);

let t: TestApp;
let dir: string;
let apiUrl: string;
let apiKey: string;
let doc: TypeDoc;
let workerId: number;
let solving = true;
let worker: Promise<void>;
const available = new Map<string, boolean>();

const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  const customer = await buildUser(t, { userType: 'customer', balance: '10.00' });
  const w = await buildUser(t, { userType: 'worker' });
  workerId = w.id;
  await markTrainingPassed(ctx(), w.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  apiKey = customer.apiKey;
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/api-docs/normal' })).json();
  dir = mkdtempSync(join(tmpdir(), 'docs-samples-'));
  for (const tool of new Set(Object.values(RUNNERS).map((r) => r.tool))) available.set(tool, await has(tool));
  // The worker: answers every image task it is offered, as the cabinet would.
  worker = (async () => {
    while (solving) {
      const task = await claimTask(ctx(), { id: workerId, languages: ['en'] });
      if (task) await answerTask(ctx(), workerId, task.id, { kind: 'text', text: ANSWER });
      else await new Promise((r) => setTimeout(r, 100));
    }
  })();
}, 60_000);

afterAll(async () => {
  solving = false;
  await worker;
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

function execute(tool: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(tool, args, {
      cwd,
      env: { ...process.env, CAPTCHA_API_URL: apiUrl, CAPTCHA_API_KEY: apiKey, GOCACHE: join(dir, '.gocache'), GOFLAGS: '-mod=mod', HOME: dir },
      timeout: 90_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const cases = (['v1', 'v2'] as const).flatMap((version) => (Object.keys(RUNNERS) as SampleLanguage[]).map((language) => [version, language] as const));

describe('the image captcha samples, run against the server', () => {
  it.concurrent.each(cases)('%s %s prints the worker\'s answer', async (version, language) => {
    const runner = RUNNERS[language];
    if (!available.get(runner.tool)) {
      console.warn(`skipped: the ${language} sample needs ${runner.tool}, which is not installed here`);
      return;
    }
    const cwd = join(dir, `${version}-${language}`);
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'captcha.png'), makePng());
    writeFileSync(join(cwd, runner.file), doc[version]!.samples[language]);
    const { code, stdout, stderr } = await execute(runner.tool, runner.args(runner.file), cwd);
    expect(stderr + stdout, stderr).not.toMatch(/refused|ERROR_/);
    expect(code, stderr).toBe(0);
    if (version === 'v1') expect(stdout.trim()).toBe(ANSWER);
    else expect(JSON.parse(stdout)).toEqual({ text: ANSWER });
  }, 100_000);
});

/** A checker per language that parses a file without running it. */
const CHECKERS: Partial<Record<SampleLanguage, { tool: string; args: (file: string) => string[] }>> = {
  python: { tool: 'python3', args: (f) => ['-m', 'py_compile', f] },
  javascript: { tool: 'node', args: (f) => ['--check', f] },
  curl: { tool: 'bash', args: (f) => ['-n', f] },
  php: { tool: 'php', args: (f) => ['-l', f] },
  ruby: { tool: 'ruby', args: (f) => ['-c', f] },
  go: { tool: 'gofmt', args: (f) => ['-e', f] },
};

describe('every generated sample parses', () => {
  it.each(Object.entries(CHECKERS))('%s, all types and both versions', async (language, checker) => {
    const found = await has(checker.tool);
    if (!found) {
      console.warn(`skipped: checking ${language} samples needs ${checker.tool}, which is not installed here`);
      return;
    }
    const ext = RUNNERS[language as SampleLanguage].file.split('.').pop();
    const base = join(dir, `check-${language}`);
    mkdirSync(base, { recursive: true });
    const docs = await Promise.all(CAPTCHA_TYPES.map(async (d) => (await t.app.inject({ method: 'GET', url: `/api/v1/api-docs/${d.slug}` })).json() as TypeDoc));
    const files = docs.flatMap((d) => (['v1', 'v2'] as const).map((v) => {
      const file = join(base, `${d.slug}-${v}.${ext}`);
      writeFileSync(file, d[v]!.samples[language as SampleLanguage]);
      return file;
    }));
    for (let i = 0; i < files.length; i += 8) {
      await Promise.all(files.slice(i, i + 8).map(async (file) => {
        const out = await run(checker.tool, checker.args(file)).catch((err: { stderr?: string; stdout?: string }) => ({ stdout: err.stdout ?? '', stderr: `FAILED ${err.stderr ?? ''}` }));
        expect(out.stderr, `${file}\n${out.stderr}`).not.toMatch(/FAILED|error/i);
      }));
    }
  }, 120_000);
});
