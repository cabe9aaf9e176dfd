/**
 * Code samples, generated: one template per language and API version, fed by a type's example
 * (`shared/captcha-types/docs/examples.ts`). Each sample is a whole program a developer can run as
 * it is: it reads the API address and key from CAPTCHA_API_URL / CAPTCHA_API_KEY (falling back to
 * the documented address and a placeholder), the image from captcha.png, submits, polls every
 * 5 seconds and prints the answer. Only standard libraries, so nothing has to be installed;
 * `samples.test.ts` runs them against a started server.
 */
import { IMAGE } from '#shared/captcha-types/docs/examples.ts';
import type { SampleLanguage } from '#shared/contracts/api-docs.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export interface SampleInput {
  title: string;
  apiUrl: string;
  /** in.php parameters besides key and json (v1), or the createTask task (v2). */
  request: Record<string, Json>;
  /** The file the image comes from, when the request has one. */
  imageFile: string;
}

const PLACEHOLDER = 'IMAGE_BASE64';
const usesImage = (request: Record<string, Json>) => JSON.stringify(request).includes(IMAGE);
const str = (s: string) => JSON.stringify(s);
const single = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const scalar = (v: Json): string => (typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'string' ? v : JSON.stringify(v));

interface Dialect {
  string(s: string): string;
  image: string;
  bool(b: boolean): string;
  nil: string;
  key(k: string): string;
  object(entries: string[], pad: string, close: string): string;
  array(items: string[]): string;
}

function literal(value: Json, d: Dialect, depth: number): string {
  const pad = '    '.repeat(depth + 1);
  const close = '    '.repeat(depth);
  if (value === IMAGE) return d.image;
  if (typeof value === 'string') return d.string(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return d.bool(value);
  if (value === null) return d.nil;
  if (Array.isArray(value)) return d.array(value.map((v) => literal(v, d, depth + 1)));
  return d.object(Object.entries(value).map(([k, v]) => `${d.key(k)}${literal(v, d, depth + 1)}`), pad, close);
}

const PY: Dialect = {
  string: str, image: 'image', bool: (b) => (b ? 'True' : 'False'), nil: 'None', key: (k) => `${str(k)}: `,
  object: (e, pad, close) => `{\n${e.map((x) => `${pad}${x},`).join('\n')}\n${close}}`, array: (i) => `[${i.join(', ')}]`,
};
const JS: Dialect = {
  string: str, image: 'image', bool: String, nil: 'null', key: (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? `${k}: ` : `${str(k)}: `),
  object: (e, pad, close) => `{\n${e.map((x) => `${pad}${x},`).join('\n')}\n${close}}`, array: (i) => `[${i.join(', ')}]`,
};
const PHP: Dialect = {
  string: single, image: '$image', bool: String, nil: 'null', key: (k) => `${single(k)} => `,
  object: (e, pad, close) => `[\n${e.map((x) => `${pad}${x},`).join('\n')}\n${close}]`, array: (i) => `[${i.join(', ')}]`,
};
const RB: Dialect = {
  string: single, image: 'image', bool: String, nil: 'nil', key: (k) => `${single(k)} => `,
  object: (e, pad, close) => `{\n${e.map((x) => `${pad}${x},`).join('\n')}\n${close}}`, array: (i) => `[${i.join(', ')}]`,
};
const GO: Dialect = {
  string: str, image: 'image', bool: String, nil: 'nil', key: (k) => `${str(k)}: `,
  object: (e, pad, close) => `map[string]any{\n${e.map((x) => `${pad.replace(/ {4}/g, '\t')}${x},`).join('\n')}\n${close.replace(/ {4}/g, '\t')}}`,
  array: (i) => `[]any{${i.join(', ')}}`,
};

/** The request as JSON text with the image placeholder (Java, C#, curl). */
const jsonText = (value: Json, indent: string) => JSON.stringify(value, null, 2).replaceAll(str(IMAGE), str(PLACEHOLDER)).split('\n').join(`\n${indent}`);

function v1Samples(input: SampleInput): Record<SampleLanguage, string> {
  const { title, apiUrl, imageFile } = input;
  const entries = Object.entries(input.request);
  const image = usesImage(input.request);
  const pyParams = entries.map(([k, v]) => `    ${str(k)}: ${v === IMAGE ? 'image' : str(scalar(v))},`).join('\n');
  const jsParams = entries.map(([k, v]) => `  ${JS.key(k)}${v === IMAGE ? 'image' : str(scalar(v))},`).join('\n');
  const phpParams = entries.map(([k, v]) => `    ${single(k)} => ${v === IMAGE ? '$image' : single(scalar(v))},`).join('\n');
  const rbParams = entries.map(([k, v]) => `  ${single(k)} => ${v === IMAGE ? 'image' : single(scalar(v))},`).join('\n');
  const goParams = entries.map(([k, v]) => `\t\t${str(k)}: {${v === IMAGE ? 'image' : str(scalar(v))}},`).join('\n');
  const javaParams = entries.map(([k, v]) => `        params.put(${str(k)}, ${v === IMAGE ? 'image' : str(scalar(v))});`).join('\n');
  const csParams = entries.map(([k, v]) => `    [${str(k)}] = ${v === IMAGE ? 'image' : str(scalar(v))},`).join('\n');
  const curlParams = entries.map(([k, v]) => `  --data-urlencode ${v === IMAGE ? `"${k}=$IMAGE"` : single(`${k}=${scalar(v)}`)} \\`).join('\n');

  const python = `# ${title}: API v1 (in.php, then res.php). Python 3, standard library only.
import base64
import json
import os
import time
import urllib.parse
import urllib.request

API_URL = os.environ.get("CAPTCHA_API_URL", ${str(apiUrl)})
API_KEY = os.environ.get("CAPTCHA_API_KEY", "YOUR_API_KEY")
${image ? `\nwith open(${str(imageFile)}, "rb") as f:\n    image = base64.b64encode(f.read()).decode()\n` : ''}

def call(path, params):
    data = urllib.parse.urlencode(params).encode()
    with urllib.request.urlopen(API_URL + path, data=data, timeout=30) as response:
        return json.load(response)


sent = call("/in.php", {
    "key": API_KEY,
    "json": 1,
${pyParams}
})
if sent["status"] != 1:
    raise SystemExit("in.php refused: " + sent["request"])

while True:
    time.sleep(5)
    result = call("/res.php", {"key": API_KEY, "action": "get", "id": sent["request"], "json": 1})
    if result["request"] != "CAPCHA_NOT_READY":
        break
if result["status"] != 1:
    raise SystemExit("res.php: " + result["request"])
answer = result["request"]
print(answer if isinstance(answer, str) else json.dumps(answer))
`;

  const javascript = `// ${title}: API v1 (in.php, then res.php). Node.js 18+, no packages: node solve.mjs
${image ? "import { readFileSync } from 'node:fs';\n" : ''}
const API_URL = process.env.CAPTCHA_API_URL ?? ${str(apiUrl)};
const API_KEY = process.env.CAPTCHA_API_KEY ?? 'YOUR_API_KEY';
${image ? `const image = readFileSync(${str(imageFile)}).toString('base64');\n` : ''}
async function call(path, params) {
  const response = await fetch(API_URL + path, { method: 'POST', body: new URLSearchParams(params) });
  return response.json();
}

const sent = await call('/in.php', {
  key: API_KEY,
  json: '1',
${jsParams}
});
if (sent.status !== 1) throw new Error(\`in.php refused: \${sent.request}\`);

let result;
do {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  result = await call('/res.php', { key: API_KEY, action: 'get', id: sent.request, json: '1' });
} while (result.request === 'CAPCHA_NOT_READY');
if (result.status !== 1) throw new Error(\`res.php: \${result.request}\`);
console.log(typeof result.request === 'string' ? result.request : JSON.stringify(result.request));
`;

  const php = `<?php
// ${title}: API v1 (in.php, then res.php). PHP 7.4+, no extensions needed.
$apiUrl = getenv('CAPTCHA_API_URL') ?: ${single(apiUrl)};
$apiKey = getenv('CAPTCHA_API_KEY') ?: 'YOUR_API_KEY';
${image ? `$image = base64_encode(file_get_contents(${single(imageFile)}));\n` : ''}
function call(string $url, array $params): array
{
    $context = stream_context_create(['http' => [
        'method' => 'POST',
        'header' => 'Content-Type: application/x-www-form-urlencoded',
        'content' => http_build_query($params),
        'timeout' => 30,
    ]]);
    return json_decode(file_get_contents($url, false, $context), true);
}

$sent = call("$apiUrl/in.php", [
    'key' => $apiKey,
    'json' => 1,
${phpParams}
]);
if ($sent['status'] !== 1) {
    fwrite(STDERR, "in.php refused: {$sent['request']}\\n");
    exit(1);
}

do {
    sleep(5);
    $result = call("$apiUrl/res.php", ['key' => $apiKey, 'action' => 'get', 'id' => $sent['request'], 'json' => 1]);
} while ($result['request'] === 'CAPCHA_NOT_READY');
if ($result['status'] !== 1) {
    fwrite(STDERR, "res.php: {$result['request']}\\n");
    exit(1);
}
echo is_string($result['request']) ? $result['request'] : json_encode($result['request']), PHP_EOL;
`;

  const ruby = `# ${title}: API v1 (in.php, then res.php). Ruby 2.7+, standard library only.
require 'json'
require 'net/http'
require 'uri'

API_URL = ENV.fetch('CAPTCHA_API_URL', ${single(apiUrl)})
API_KEY = ENV.fetch('CAPTCHA_API_KEY', 'YOUR_API_KEY')
${image ? `image = [File.binread(${single(imageFile)})].pack('m0')\n` : ''}
def call(path, params)
  JSON.parse(Net::HTTP.post_form(URI("#{API_URL}#{path}"), params).body)
end

sent = call('/in.php', {
  'key' => API_KEY,
  'json' => '1',
${rbParams}
})
abort "in.php refused: #{sent['request']}" unless sent['status'] == 1

result = nil
loop do
  sleep 5
  result = call('/res.php', { 'key' => API_KEY, 'action' => 'get', 'id' => sent['request'], 'json' => '1' })
  break unless result['request'] == 'CAPCHA_NOT_READY'
end
abort "res.php: #{result['request']}" unless result['status'] == 1
puts result['request'].is_a?(String) ? result['request'] : JSON.generate(result['request'])
`;

  const go = `// ${title}: API v1 (in.php, then res.php). Go 1.18+, standard library only: go run solve.go
package main

import (
${image ? '\t"encoding/base64"\n' : ''}\t"encoding/json"
\t"fmt"
\t"net/http"
\t"net/url"
\t"os"
\t"time"
)

func env(name, fallback string) string {
\tif value := os.Getenv(name); value != "" {
\t\treturn value
\t}
\treturn fallback
}

func call(endpoint string, params url.Values) map[string]any {
\tresponse, err := http.PostForm(endpoint, params)
\tif err != nil {
\t\tpanic(err)
\t}
\tdefer response.Body.Close()
\tvar out map[string]any
\tif err := json.NewDecoder(response.Body).Decode(&out); err != nil {
\t\tpanic(err)
\t}
\treturn out
}

func main() {
\tapiURL := env("CAPTCHA_API_URL", ${str(apiUrl)})
\tapiKey := env("CAPTCHA_API_KEY", "YOUR_API_KEY")
${image ? `\tfile, err := os.ReadFile(${str(imageFile)})\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\timage := base64.StdEncoding.EncodeToString(file)\n` : ''}
\tsent := call(apiURL+"/in.php", url.Values{
\t\t"key":  {apiKey},
\t\t"json": {"1"},
${goParams}
\t})
\tif sent["status"] != 1.0 {
\t\tfmt.Fprintln(os.Stderr, "in.php refused:", sent["request"])
\t\tos.Exit(1)
\t}

\tfor {
\t\ttime.Sleep(5 * time.Second)
\t\tresult := call(apiURL+"/res.php", url.Values{"key": {apiKey}, "action": {"get"}, "id": {fmt.Sprint(sent["request"])}, "json": {"1"}})
\t\tif result["request"] == "CAPCHA_NOT_READY" {
\t\t\tcontinue
\t\t}
\t\tif result["status"] != 1.0 {
\t\t\tfmt.Fprintln(os.Stderr, "res.php:", result["request"])
\t\t\tos.Exit(1)
\t\t}
\t\tif text, ok := result["request"].(string); ok {
\t\t\tfmt.Println(text)
\t\t} else {
\t\t\tanswer, _ := json.Marshal(result["request"])
\t\t\tfmt.Println(string(answer))
\t\t}
\t\treturn
\t}
}
`;

  const java = `// ${title}: API v1 (in.php, then res.php). Java 11+, no libraries: java Solve.java
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

public class Solve {
    static final String API_URL = env("CAPTCHA_API_URL", ${str(apiUrl)});
    static final String API_KEY = env("CAPTCHA_API_KEY", "YOUR_API_KEY");
    // HTTP/1.1: over plain http the default client would first try an h2c upgrade.
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }

    /** Plain-text answers (no json=1): OK|value or the error code. */
    static String post(String path, Map<String, String> params) throws Exception {
        String form = params.entrySet().stream()
            .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
        HttpRequest request = HttpRequest.newBuilder(URI.create(API_URL + path))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form))
            .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    public static void main(String[] args) throws Exception {
${image ? `        String image = Base64.getEncoder().encodeToString(Files.readAllBytes(Path.of(${str(imageFile)})));\n` : ''}        Map<String, String> params = new LinkedHashMap<>();
        params.put("key", API_KEY);
${javaParams}
        String sent = post("/in.php", params);
        if (!sent.startsWith("OK|")) throw new IllegalStateException("in.php refused: " + sent);
        String id = sent.substring(3);

        while (true) {
            Thread.sleep(5000);
            String result = post("/res.php", Map.of("key", API_KEY, "action", "get", "id", id));
            if (result.equals("CAPCHA_NOT_READY")) continue;
            if (!result.startsWith("OK|")) throw new IllegalStateException("res.php: " + result);
            System.out.println(result.substring(3));
            return;
        }
    }
}
`;

  const csharp = `// ${title}: API v1 (in.php, then res.php). .NET 6+, no packages: dotnet run
using System.Text.Json;

var apiUrl = Environment.GetEnvironmentVariable("CAPTCHA_API_URL") ?? ${str(apiUrl)};
var apiKey = Environment.GetEnvironmentVariable("CAPTCHA_API_KEY") ?? "YOUR_API_KEY";
${image ? `var image = Convert.ToBase64String(File.ReadAllBytes(${str(imageFile)}));\n` : ''}using var http = new HttpClient();

async Task<JsonElement> Call(string path, Dictionary<string, string> form)
{
    var response = await http.PostAsync(apiUrl + path, new FormUrlEncodedContent(form));
    return JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;
}

var sent = await Call("/in.php", new Dictionary<string, string>
{
    ["key"] = apiKey,
    ["json"] = "1",
${csParams}
});
if (sent.GetProperty("status").GetInt32() != 1) throw new Exception("in.php refused: " + sent.GetProperty("request"));
var id = sent.GetProperty("request").GetString()!;

JsonElement result;
do
{
    await Task.Delay(5000);
    result = await Call("/res.php", new() { ["key"] = apiKey, ["action"] = "get", ["id"] = id, ["json"] = "1" });
} while (result.GetProperty("request").ToString() == "CAPCHA_NOT_READY");
if (result.GetProperty("status").GetInt32() != 1) throw new Exception("res.php: " + result.GetProperty("request"));
Console.WriteLine(result.GetProperty("request").ToString());
`;

  const curl = `#!/usr/bin/env bash
# ${title}: API v1 (in.php, then res.php) with curl.
set -euo pipefail
API_URL="\${CAPTCHA_API_URL:-${apiUrl}}"
API_KEY="\${CAPTCHA_API_KEY:-YOUR_API_KEY}"
${image ? `IMAGE=$(base64 -w0 ${imageFile})\n` : ''}
SENT=$(curl -sS "$API_URL/in.php" \\
  --data-urlencode "key=$API_KEY" \\
${curlParams}
)
case "$SENT" in OK\\|*) ID="\${SENT#OK|}" ;; *) echo "in.php refused: $SENT" >&2; exit 1 ;; esac

while sleep 5; do
  RESULT=$(curl -sS "$API_URL/res.php?key=$API_KEY&action=get&id=$ID")
  [ "$RESULT" != "CAPCHA_NOT_READY" ] && break
done
case "$RESULT" in OK\\|*) echo "\${RESULT#OK|}" ;; *) echo "res.php: $RESULT" >&2; exit 1 ;; esac
`;
  return { python, javascript, php, go, ruby, java, csharp, curl };
}

function v2Samples(input: SampleInput): Record<SampleLanguage, string> {
  const { title, apiUrl, imageFile, request: task } = input;
  const image = usesImage(task);

  const python = `# ${title}: API v2 (createTask, then getTaskResult). Python 3, standard library only.
import base64
import json
import os
import time
import urllib.request

API_URL = os.environ.get("CAPTCHA_API_URL", ${str(apiUrl)})
API_KEY = os.environ.get("CAPTCHA_API_KEY", "YOUR_API_KEY")
${image ? `\nwith open(${str(imageFile)}, "rb") as f:\n    image = base64.b64encode(f.read()).decode()\n` : ''}

def call(method, body):
    request = urllib.request.Request(API_URL + "/" + method, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        answer = json.load(response)
    if answer["errorId"] != 0:
        raise SystemExit(method + ": " + answer["errorCode"])
    return answer


task = ${literal(task, PY, 0)}
created = call("createTask", {"clientKey": API_KEY, "task": task})

while True:
    time.sleep(5)
    result = call("getTaskResult", {"clientKey": API_KEY, "taskId": created["taskId"]})
    if result["status"] == "ready":
        break
print(json.dumps(result["solution"]))
`;

  const javascript = `// ${title}: API v2 (createTask, then getTaskResult). Node.js 18+, no packages: node solve.mjs
${image ? "import { readFileSync } from 'node:fs';\n" : ''}
const API_URL = process.env.CAPTCHA_API_URL ?? ${str(apiUrl)};
const API_KEY = process.env.CAPTCHA_API_KEY ?? 'YOUR_API_KEY';
${image ? `const image = readFileSync(${str(imageFile)}).toString('base64');\n` : ''}
async function call(method, body) {
  const response = await fetch(\`\${API_URL}/\${method}\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.errorId !== 0) throw new Error(\`\${method}: \${answer.errorCode}\`);
  return answer;
}

const task = ${literal(task, JS, 0).replace(/\n {4}/g, '\n  ').replace(/ {4}(?=\S)/g, '  ')};
const { taskId } = await call('createTask', { clientKey: API_KEY, task });

let result;
do {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  result = await call('getTaskResult', { clientKey: API_KEY, taskId });
} while (result.status !== 'ready');
console.log(JSON.stringify(result.solution));
`;

  const php = `<?php
// ${title}: API v2 (createTask, then getTaskResult). PHP 7.4+, no extensions needed.
$apiUrl = getenv('CAPTCHA_API_URL') ?: ${single(apiUrl)};
$apiKey = getenv('CAPTCHA_API_KEY') ?: 'YOUR_API_KEY';
${image ? `$image = base64_encode(file_get_contents(${single(imageFile)}));\n` : ''}
function call(string $url, array $body): array
{
    $context = stream_context_create(['http' => [
        'method' => 'POST',
        'header' => 'Content-Type: application/json',
        'content' => json_encode($body),
        'timeout' => 30,
    ]]);
    $answer = json_decode(file_get_contents($url, false, $context), true);
    if ($answer['errorId'] !== 0) {
        fwrite(STDERR, "$url: {$answer['errorCode']}\\n");
        exit(1);
    }
    return $answer;
}

$task = ${literal(task, PHP, 0)};
$created = call("$apiUrl/createTask", ['clientKey' => $apiKey, 'task' => $task]);

do {
    sleep(5);
    $result = call("$apiUrl/getTaskResult", ['clientKey' => $apiKey, 'taskId' => $created['taskId']]);
} while ($result['status'] !== 'ready');
echo json_encode($result['solution']), PHP_EOL;
`;

  const ruby = `# ${title}: API v2 (createTask, then getTaskResult). Ruby 2.7+, standard library only.
require 'json'
require 'net/http'
require 'uri'

API_URL = ENV.fetch('CAPTCHA_API_URL', ${single(apiUrl)})
API_KEY = ENV.fetch('CAPTCHA_API_KEY', 'YOUR_API_KEY')
${image ? `image = [File.binread(${single(imageFile)})].pack('m0')\n` : ''}
def call(method, body)
  response = Net::HTTP.post(URI("#{API_URL}/#{method}"), JSON.generate(body), 'Content-Type' => 'application/json')
  answer = JSON.parse(response.body)
  abort "#{method}: #{answer['errorCode']}" unless answer['errorId'].zero?
  answer
end

task = ${literal(task, RB, 0).replace(/\n {4}/g, '\n  ').replace(/ {4}(?=\S)/g, '  ')}
created = call('createTask', { 'clientKey' => API_KEY, 'task' => task })

result = nil
loop do
  sleep 5
  result = call('getTaskResult', { 'clientKey' => API_KEY, 'taskId' => created['taskId'] })
  break if result['status'] == 'ready'
end
puts JSON.generate(result['solution'])
`;

  const go = `// ${title}: API v2 (createTask, then getTaskResult). Go 1.18+, standard library only: go run solve.go
package main

import (
\t"bytes"
${image ? '\t"encoding/base64"\n' : ''}\t"encoding/json"
\t"fmt"
\t"net/http"
\t"os"
\t"time"
)

func env(name, fallback string) string {
\tif value := os.Getenv(name); value != "" {
\t\treturn value
\t}
\treturn fallback
}

func call(apiURL, method string, body map[string]any) map[string]any {
\tpayload, _ := json.Marshal(body)
\tresponse, err := http.Post(apiURL+"/"+method, "application/json", bytes.NewReader(payload))
\tif err != nil {
\t\tpanic(err)
\t}
\tdefer response.Body.Close()
\tvar answer map[string]any
\tif err := json.NewDecoder(response.Body).Decode(&answer); err != nil {
\t\tpanic(err)
\t}
\tif answer["errorId"] != 0.0 {
\t\tfmt.Fprintln(os.Stderr, method+":", answer["errorCode"])
\t\tos.Exit(1)
\t}
\treturn answer
}

func main() {
\tapiURL := env("CAPTCHA_API_URL", ${str(apiUrl)})
\tapiKey := env("CAPTCHA_API_KEY", "YOUR_API_KEY")
${image ? `\tfile, err := os.ReadFile(${str(imageFile)})\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\timage := base64.StdEncoding.EncodeToString(file)\n` : ''}
\ttask := ${literal(task, GO, 1).replace(/^ +/gm, (m) => '\t'.repeat(m.length / 4))}
\tcreated := call(apiURL, "createTask", map[string]any{"clientKey": apiKey, "task": task})

\tfor {
\t\ttime.Sleep(5 * time.Second)
\t\tresult := call(apiURL, "getTaskResult", map[string]any{"clientKey": apiKey, "taskId": created["taskId"]})
\t\tif result["status"] == "ready" {
\t\t\tsolution, _ := json.Marshal(result["solution"])
\t\t\tfmt.Println(string(solution))
\t\t\treturn
\t\t}
\t}
}
`;

  const java = `// ${title}: API v2 (createTask, then getTaskResult). Java 15+, no libraries: java Solve.java
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class Solve {
    static final String API_URL = env("CAPTCHA_API_URL", ${str(apiUrl)});
    static final String API_KEY = env("CAPTCHA_API_KEY", "YOUR_API_KEY");
    // HTTP/1.1: over plain http the default client would first try an h2c upgrade.
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }

    static String call(String method, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(API_URL + "/" + method))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
        String answer = HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
        if (!answer.contains("\\"errorId\\":0")) throw new IllegalStateException(method + ": " + answer);
        return answer;
    }

    public static void main(String[] args) throws Exception {
${image ? `        String image = Base64.getEncoder().encodeToString(Files.readAllBytes(Path.of(${str(imageFile)})));\n` : ''}        String task = """
            ${jsonText(task, '            ')}""";
        String created = call("createTask", "{\\"clientKey\\": \\"" + API_KEY + "\\", \\"task\\": " + task${image ? `.replace("${PLACEHOLDER}", image)` : ''} + "}");
        Matcher id = Pattern.compile("\\"taskId\\":(\\\\d+)").matcher(created);
        if (!id.find()) throw new IllegalStateException("no taskId: " + created);

        while (true) {
            Thread.sleep(5000);
            String result = call("getTaskResult", "{\\"clientKey\\": \\"" + API_KEY + "\\", \\"taskId\\": " + id.group(1) + "}");
            if (!result.contains("\\"status\\":\\"ready\\"")) continue;
            Matcher solution = Pattern.compile("\\"solution\\":(.*),\\"cost\\"").matcher(result);
            System.out.println(solution.find() ? solution.group(1) : result);
            return;
        }
    }
}
`;

  const csharp = `// ${title}: API v2 (createTask, then getTaskResult). .NET 6+, no packages: dotnet run
using System.Text;
using System.Text.Json;

var apiUrl = Environment.GetEnvironmentVariable("CAPTCHA_API_URL") ?? ${str(apiUrl)};
var apiKey = Environment.GetEnvironmentVariable("CAPTCHA_API_KEY") ?? "YOUR_API_KEY";
${image ? `var image = Convert.ToBase64String(File.ReadAllBytes(${str(imageFile)}));\n` : ''}using var http = new HttpClient();

async Task<JsonElement> Call(string method, object body)
{
    var content = new StringContent(JsonSerializer.Serialize(body), Encoding.UTF8, "application/json");
    var response = await http.PostAsync($"{apiUrl}/{method}", content);
    var answer = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;
    if (answer.GetProperty("errorId").GetInt32() != 0) throw new Exception($"{method}: {answer.GetProperty("errorCode")}");
    return answer;
}

var task = JsonDocument.Parse("""
    ${jsonText(task, '    ')}
    """${image ? `.Replace("${PLACEHOLDER}", image)` : ''}).RootElement;
var created = await Call("createTask", new { clientKey = apiKey, task });
var taskId = created.GetProperty("taskId").GetInt64();

JsonElement result;
do
{
    await Task.Delay(5000);
    result = await Call("getTaskResult", new { clientKey = apiKey, taskId });
} while (result.GetProperty("status").GetString() != "ready");
Console.WriteLine(result.GetProperty("solution").GetRawText());
`;

  const curl = `#!/usr/bin/env bash
# ${title}: API v2 (createTask, then getTaskResult) with curl.
set -euo pipefail
API_URL="\${CAPTCHA_API_URL:-${apiUrl}}"
API_KEY="\${CAPTCHA_API_KEY:-YOUR_API_KEY}"
${image ? `IMAGE=$(base64 -w0 ${imageFile})\n` : ''}
CREATED=$(curl -sS "$API_URL/createTask" -H 'Content-Type: application/json' --data-binary @- <<JSON
{
  "clientKey": "$API_KEY",
  "task": ${jsonText(task, '  ').replaceAll(str(PLACEHOLDER), '"$IMAGE"')}
}
JSON
)
TASK_ID=$(printf '%s' "$CREATED" | sed -n 's/.*"taskId":\\([0-9]*\\).*/\\1/p')
[ -n "$TASK_ID" ] || { echo "createTask: $CREATED" >&2; exit 1; }

while sleep 5; do
  RESULT=$(curl -sS "$API_URL/getTaskResult" -H 'Content-Type: application/json' -d "{\\"clientKey\\": \\"$API_KEY\\", \\"taskId\\": $TASK_ID}")
  case "$RESULT" in *'"errorId":0'*) ;; *) echo "getTaskResult: $RESULT" >&2; exit 1 ;; esac
  case "$RESULT" in *'"status":"ready"'*) break ;; esac
done
printf '%s\\n' "$RESULT" | sed 's/.*"solution":\\(.*\\),"cost".*/\\1/'
`;
  return { python, javascript, php, go, ruby, java, csharp, curl };
}

export function buildSamples(version: 'v1' | 'v2', input: SampleInput): Record<SampleLanguage, string> {
  return version === 'v1' ? v1Samples(input) : v2Samples(input);
}
