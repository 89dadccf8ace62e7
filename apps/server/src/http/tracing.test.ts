// postgres: the statements' spans come from pg's instrumentation there, from PGlite's otherwise
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type LoggedServer, startLoggedServer } from '../test/logged-server';
import { SERVER_START_WAIT_MS } from '../test/server-process';

// Traces exported by OTLP (http/tracing.ts): a server process with an endpoint configured sends its
// spans to a receiver in this test, which decodes the exporter's protobuf itself. The request's
// span continues the caller's traceparent, its statements are its children, a scheduled job's run
// is a trace of its own with its statements and its outgoing call, and the log lines carry the
// same trace ids. A child process, since tracing sets process-wide state (the tracer provider).

const TRACE_ID = '5c1f0a2e9b7d4c3e8f6a1b2c3d4e5f60';
const PARENT_ID = '1a2b3c4d5e6f7081';

type Value = string | number | boolean;
type DecodedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, Value>;
  service: string | undefined;
};

// The protobuf wire format, as much of it as OTLP's ExportTraceServiceRequest uses.
type Field = { no: number; varint?: bigint; bytes?: Uint8Array; fixed?: Uint8Array };

function fieldsOf(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = () => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buf[i++] as number;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
      shift += 7n;
    }
  };
  while (i < buf.length) {
    const key = varint();
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) out.push({ no, varint: varint() });
    else if (wire === 2) {
      const length = Number(varint());
      out.push({ no, bytes: buf.subarray(i, i + length) });
      i += length;
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      out.push({ no, fixed: buf.subarray(i, i + size) });
      i += size;
    } else throw new Error(`unexpected protobuf wire type ${wire}`);
  }
  return out;
}

const hex = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('hex');
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');
const each = (fields: Field[], no: number) =>
  fields.filter((f) => f.no === no && f.bytes).map((f) => f.bytes as Uint8Array);

/** KeyValue { key = 1; AnyValue value = 2 { string = 1; bool = 2; int = 3; double = 4 } } */
function attributesOf(list: Uint8Array[]): Record<string, Value> {
  const attributes: Record<string, Value> = {};
  for (const kv of list) {
    const f = fieldsOf(kv);
    const value = fieldsOf(each(f, 2)[0] ?? new Uint8Array())[0];
    if (!value) continue;
    attributes[text(each(f, 1)[0])] =
      value.no === 1
        ? text(value.bytes)
        : value.no === 2
          ? value.varint === 1n
          : value.no === 3
            ? Number(value.varint)
            : Buffer.from(value.fixed ?? []).readDoubleLE(0);
  }
  return attributes;
}

/** ExportTraceServiceRequest { ResourceSpans resource_spans = 1 { resource = 1; ScopeSpans scope_spans = 2 { spans = 2 } } } */
function decodeExport(body: Uint8Array): DecodedSpan[] {
  const spans: DecodedSpan[] = [];
  for (const rs of each(fieldsOf(body), 1)) {
    const rsFields = fieldsOf(rs);
    const resource = attributesOf(each(fieldsOf(each(rsFields, 1)[0] ?? new Uint8Array()), 1));
    for (const ss of each(rsFields, 2)) {
      for (const s of each(fieldsOf(ss), 2)) {
        const f = fieldsOf(s);
        spans.push({
          traceId: hex(each(f, 1)[0]),
          spanId: hex(each(f, 2)[0]),
          parentSpanId: hex(each(f, 4)[0]),
          name: text(each(f, 5)[0]),
          kind: Number(f.find((x) => x.no === 6)?.varint ?? 0),
          attributes: attributesOf(each(f, 9)),
          service: resource['service.name'] as string | undefined,
        });
      }
    }
  }
  return spans;
}

const SPAN_KIND = { internal: 1, server: 2, client: 3 };
const PROVIDER_SECRET = 'provider-api-token-7f3a9c';
const queryText = (s: DecodedSpan) => String(s.attributes['db.query.text'] ?? s.attributes['db.statement'] ?? '');

let receiver: Server;
let server: LoggedServer | undefined;
const spans: DecodedSpan[] = [];
const providerCalls: { traceparent: string | undefined }[] = [];
const output = () => server?.output().slice(-4000) ?? '';

/** Waits for `found` to hold of what arrived: a wait for the exporter's batch, not a speed check. */
async function until<T>(found: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} arrived\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const raw = Buffer.concat(chunks);
        spans.push(...decodeExport(req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw));
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } else {
        // The game provider's API the job calls.
        providerCalls.push({ traceparent: req.headers.traceparent as string | undefined });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const address = receiver.address();
  const receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  server = await startLoggedServer({
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
    OTEL_SERVICE_NAME: 'gamehall-trace-test',
    // The batch goes out a tenth of a second after its first span rather than five seconds.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    // An address holding a provider's secrets, as Evolution's launch and wallet addresses do.
    CHILD_PROBE_URL: `${receiverUrl}/ua/v1/casino-key/${PROVIDER_SECRET}?authToken=${PROVIDER_SECRET}`,
  });
}, SERVER_START_WAIT_MS);

afterAll(async () => {
  await server?.stop();
  receiver?.close();
}, 30_000);

describe('traces exported by OTLP', () => {
  it("load OpenTelemetry's SDK when an endpoint is set", () => {
    expect(server?.openTelemetryModules).toBeGreaterThan(0);
  });

  it("continue a request's traceparent, with its statements as children and its trace id in the answer and the log", {
    tags: ['postgres'],
  }, async () => {
    const res = await fetch(`${server?.url}/wps/member/info`, {
      headers: { authorization: 'not-a-session-token-0123456789', traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, traceId: TRACE_ID });

    const request = await until(
      () => spans.find((s) => s.traceId === TRACE_ID && s.kind === SPAN_KIND.server),
      "the request's span",
    );
    expect(request).toMatchObject({
      parentSpanId: PARENT_ID,
      name: 'GET /wps/member/info',
      service: 'gamehall-trace-test',
    });
    expect(request.attributes).toMatchObject({ 'http.route': '/wps/member/info', 'http.response.status_code': 401 });
    // The session lookup of the auth hook: a statement span under the request's span.
    const statement = await until(
      () =>
        spans.find(
          (s) => s.traceId === TRACE_ID && s.parentSpanId === request.spanId && /\bsessions\b/.test(queryText(s)),
        ),
      "the session lookup's statement span",
    );
    expect(statement.kind).toBe(SPAN_KIND.client);
    // The statement's text only: the token's hash is a parameter and never in the span.
    expect(JSON.stringify(spans)).not.toContain('not-a-session-token');

    await server?.waitFor(`"traceId":"${TRACE_ID}"`);
    // Once per line: the request's bound id, not a second copy from the spans' mixin.
    for (const raw of server
      ?.output()
      .split('\n')
      .filter((l) => l.includes(TRACE_ID)) ?? [])
      expect(raw.split('"traceId"').length, raw).toBe(2);
    const lines = server?.logLines().filter((l) => l.traceId === TRACE_ID) ?? [];
    expect(
      lines.map((l) => l.msg),
      output(),
    ).toContain('request completed');
  });

  it("make each job's run a trace of its statements and outgoing calls, whose id its log lines carry", {
    tags: ['postgres'],
  }, async () => {
    const job = await until(() => spans.find((s) => s.name === 'job trace-probe'), "the job's span");
    expect(job).toMatchObject({ parentSpanId: '', kind: SPAN_KIND.internal });
    expect(job.attributes['gamehall.job']).toBe('trace-probe');
    const statement = await until(
      () => spans.find((s) => s.parentSpanId === job.spanId && queryText(s).includes('trace_probe')),
      "the job's statement span",
    );
    expect(statement.traceId).toBe(job.traceId);
    const call = await until(
      () => spans.find((s) => s.parentSpanId === job.spanId && s.kind === SPAN_KIND.client && queryText(s) === ''),
      "the job's outgoing call span",
    );
    // The call's address is kept without the secrets in it: the first three path segments.
    expect(call.attributes['url.full']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ua\/v1\/casino-key\/…$/);
    expect(JSON.stringify(spans)).not.toContain(PROVIDER_SECRET);
    // The provider saw the call's span as its parent: the trace goes on on its side.
    expect(providerCalls.map((c) => c.traceparent)).toContain(`00-${job.traceId}-${call.spanId}-01`);
    await server?.waitFor('trace probe ran');
    const line = server?.logLines().find((l) => l.msg === 'trace probe ran');
    expect(line?.traceId, output()).toBe(job.traceId);
  });
});

describe('the tracing setting', () => {
  const tracingOf = (env: Record<string, string>) =>
    loadConfig({ SESSION_SECRET: 's'.repeat(32), STUDIO_SECRET: 's'.repeat(32), ...env }).tracing;

  it('is on with an OTLP endpoint, named by OTEL_SERVICE_NAME, and off without one or when disabled', () => {
    expect(tracingOf({})).toBeUndefined();
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({ serviceName: 'gamehall' });
    expect(
      tracingOf({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces',
        OTEL_SERVICE_NAME: 'brand-a',
      }),
    ).toEqual({ serviceName: 'brand-a' });
    expect(
      tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
    expect(() => tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
