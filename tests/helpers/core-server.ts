import { allowOutbound } from './outbound-allow.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server took: its envelope's fields and who signed it. */
export interface CoreRequest {
  envelope: 'soap' | 'mime';
  fields: Record<string, string>;
  user?: string;
  password?: string;
}

/** How the server answers one request: an X12 payload, or a CORE error, or an HTTP status without a CORE envelope. */
export interface CoreReply {
  payload?: string;
  payloadType?: string;
  errorCode?: string;
  errorMessage?: string;
  status?: number;
  /** never answer: the request is held until the caller gives up (a clearing house that does not answer in time) */
  hold?: boolean;
  /** an answer written as it is, no CORE envelope (a redirect, a SOAP fault, another service's page) */
  raw?: { status: number; headers?: Record<string, string>; body: string };
}

export interface TestCoreServer {
  url: string;
  requests: CoreRequest[];
  /** what the next requests get; the default answers each question through `answer` */
  replies: CoreReply[];
  stop(): Promise<void>;
}

const tag = (xml: string, name: string) => {
  const m = new RegExp(`<(?:\\w+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${name}>`).exec(xml);
  if (!m) return undefined;
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(m[1].trim());
  return cdata ? cdata[1] : m[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
};

/** What CORE answers each request with. */
const RESPONSE_OF: Record<string, string> = {
  X12_270_Request_005010X279A1: 'X12_271_Response_005010X279A1',
  X12_276_Request_005010X212: 'X12_277_Response_005010X212',
};

const FIELDS = [
  'PayloadType',
  'ProcessingMode',
  'PayloadID',
  'TimeStamp',
  'SenderID',
  'ReceiverID',
  'CORERuleVersion',
  'Payload',
];

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A CAQH CORE real-time server for the tests, over real HTTP: it reads a SOAP request (the CORE envelope in the body,
 * the WS-Security user and password in the header) or a MIME multipart one (form fields), and answers in the same
 * envelope with the X12 `answer` makes of the question's payload, or with what `replies` says for the next request.
 */
export async function startCoreServer(answer: (x12: string, payloadType: string) => string): Promise<TestCoreServer> {
  const requests: CoreRequest[] = [];
  const replies: CoreReply[] = [];
  const open = new Set<ServerResponse>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const raw = await bodyOf(req);
    const type = String(req.headers['content-type'] ?? '');
    let got: CoreRequest;
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://core.test/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(raw),
      }).formData();
      const fields = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')]));
      got = {
        envelope: 'mime',
        fields,
        user: String(form.get('UserName') ?? ''),
        password: String(form.get('Password') ?? ''),
      };
    } else {
      const xml = raw.toString('utf8');
      got = {
        envelope: 'soap',
        fields: Object.fromEntries(FIELDS.map((f) => [f, tag(xml, f) ?? ''])),
        user: tag(xml, 'Username'),
        password: tag(xml, 'Password'),
      };
    }
    requests.push(got);
    const responseType = RESPONSE_OF[got.fields.PayloadType] ?? 'X12_999_Response_005010X231A1';
    const reply = replies.shift() ?? {
      payload: answer(got.fields.Payload, got.fields.PayloadType),
      payloadType: responseType,
    };
    if (reply.raw) {
      res.writeHead(reply.raw.status, reply.raw.headers ?? { 'content-type': 'text/plain' }).end(reply.raw.body);
      return;
    }
    if (reply.hold) {
      // Held until the caller's own timeout closes the connection: the event, not a guess at how long to wait.
      if (!res.destroyed) await new Promise((r) => res.once('close', r));
      return;
    }
    const out = {
      PayloadType: reply.payloadType ?? responseType,
      ProcessingMode: 'RealTime',
      PayloadID: got.fields.PayloadID,
      TimeStamp: new Date().toISOString(),
      SenderID: got.fields.ReceiverID,
      ReceiverID: got.fields.SenderID,
      CORERuleVersion: '2.2.0',
      ErrorCode: reply.errorCode ?? 'Success',
      ErrorMessage: reply.errorMessage ?? 'None',
      Payload: reply.payload ?? '',
    };
    if (reply.status && !reply.errorCode) {
      res.writeHead(reply.status, { 'content-type': 'text/plain' }).end('not available');
      return;
    }
    if (got.envelope === 'mime') {
      const form = new FormData();
      for (const [k, v] of Object.entries(out)) form.append(k, v);
      const r = new Response(form);
      res.writeHead(reply.status ?? 200, { 'content-type': r.headers.get('content-type')! });
      res.end(Buffer.from(await r.arrayBuffer()));
      return;
    }
    const body = Object.entries(out)
      .map(([k, v]) => (k === 'Payload' ? `<Payload><![CDATA[${v}]]></Payload>` : `<${k}>${v}</${k}>`))
      .join('');
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/soap+xml; charset=utf-8' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://www.w3.org/2003/05/soap-envelope"><soapenv:Body>` +
        `<ns1:COREEnvelopeRealTimeResponse xmlns:ns1="http://www.caqh.org/SOAP/WSDL/CORERule2.2.0.xsd">${body}</ns1:COREEnvelopeRealTimeResponse>` +
        `</soapenv:Body></soapenv:Envelope>`,
    );
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const disallow = allowOutbound(`127.0.0.1:${port}`);
  return {
    url: `http://127.0.0.1:${port}/core/rt`,
    requests,
    replies,
    async stop() {
      disallow();
      for (const res of open) res.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The segments of an X12 text, each as its elements (a reading of our own for the test payer: '*' and '~'). */
export const segmentsOf = (x12: string) =>
  x12
    .split('~')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.split('*'));
